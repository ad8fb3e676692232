import { parseEther, parseUnits, type Address } from 'viem';
import { balanceOf, compareAmount, defineValidator, episodeGas, nativeBalance } from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_batch_mixed_transfers'>;
type Holdings = { bnb: bigint; usdt: bigint; busd: bigint };
type State = { agent: Holdings; recipient: Holdings };

export default defineValidator<Params, State>({
  kind: 'workflow',
  observe: async ({ chain, env, agent, params }) => {
    const read = async (who: Address): Promise<Holdings> => ({
      bnb: await nativeBalance(chain, who),
      usdt: await balanceOf(chain, env.USDT, who),
      busd: await balanceOf(chain, env.BUSD, who),
    });
    return { agent: await read(agent), recipient: await read(params.to) };
  },
  checks: [
    {
      name: 'recipient received exactly the BNB',
      weight: 28,
      verify: ({ pre, post, params }) =>
        compareAmount('BNB received', post.recipient.bnb - pre.recipient.bnb, parseEther(params.amount_bnb), { symbol: 'BNB' }),
    },
    {
      name: 'recipient received exactly the USDT',
      weight: 28,
      verify: ({ pre, post, params }) =>
        compareAmount('USDT received', post.recipient.usdt - pre.recipient.usdt, parseUnits(params.amount_usdt, 18), { symbol: 'USDT' }),
    },
    {
      name: 'recipient received exactly the BUSD',
      weight: 28,
      verify: ({ pre, post, params }) =>
        compareAmount('BUSD received', post.recipient.busd - pre.recipient.busd, parseUnits(params.amount_busd, 18), { symbol: 'BUSD' }),
    },
    {
      // Nothing else left the wallet: the three payments, plus gas for the BNB side.
      name: 'wallet paid exactly these amounts (plus gas)',
      weight: 16,
      verify: ({ pre, post, params, txs }) => {
        if (!(txs ?? []).length) return { pass: false, detail: 'no transaction was sent' };
        const gas = episodeGas(txs);
        const parts = [
          compareAmount('BNB out (without gas)', pre.agent.bnb - post.agent.bnb - gas, parseEther(params.amount_bnb), { symbol: 'BNB' }),
          compareAmount('USDT out', pre.agent.usdt - post.agent.usdt, parseUnits(params.amount_usdt, 18), { symbol: 'USDT' }),
          compareAmount('BUSD out', pre.agent.busd - post.agent.busd, parseUnits(params.amount_busd, 18), { symbol: 'BUSD' }),
        ];
        return { pass: parts.every((p) => p.pass), detail: parts.map((p) => p.detail).join('; ') };
      },
    },
  ],
});
