import { parseEther } from 'viem';
import { compareAmount, defineValidator, episodeGas, nativeBalance } from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_batch_transfer_2_bnb'>;
type State = { agent: bigint; r1: bigint; r2: bigint };

export default defineValidator<Params, State>({
  kind: 'workflow',
  observe: async ({ chain, agent, params }) => ({
    agent: await nativeBalance(chain, agent),
    r1: await nativeBalance(chain, params.address1),
    r2: await nativeBalance(chain, params.address2),
  }),
  checks: [
    {
      name: 'first recipient received exactly its BNB',
      weight: 45,
      verify: ({ pre, post, params }) => compareAmount('received', post.r1 - pre.r1, parseEther(params.amount1), { symbol: 'BNB' }),
    },
    {
      name: 'second recipient received exactly its BNB',
      weight: 45,
      verify: ({ pre, post, params }) => compareAmount('received', post.r2 - pre.r2, parseEther(params.amount2), { symbol: 'BNB' }),
    },
    {
      // Nothing else left the wallet: the two payments plus the gas of every round.
      name: 'wallet paid exactly the two amounts plus gas',
      weight: 10,
      verify: ({ pre, post, params, txs }) => {
        if (!(txs ?? []).length) return { pass: false, detail: 'no transaction was sent' };
        const gas = episodeGas(txs);
        const paid = parseEther(params.amount1) + parseEther(params.amount2);
        return compareAmount('BNB out (without gas)', pre.agent - post.agent - gas, paid, { symbol: 'BNB' });
      },
    },
  ],
});
