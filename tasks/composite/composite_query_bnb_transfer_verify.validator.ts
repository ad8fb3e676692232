import { parseEther } from 'viem';
import { answerUint, compareAmount, defineValidator, episodeGas, nativeBalance, reportsUint } from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_query_bnb_transfer_verify'>;
type State = { recipient: bigint; agent: bigint };

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The recipient starts with a per-instance balance, so its final balance has to be read.
  setup: async ({ chain, params }) => {
    await chain.test.setBalance({ address: params.to, value: parseEther(params.planted) });
  },
  observe: async ({ chain, params, agent }) => ({
    recipient: await nativeBalance(chain, params.to),
    agent: await nativeBalance(chain, agent),
  }),
  checks: [
    {
      name: 'recipient received exactly the requested BNB',
      weight: 45,
      verify: ({ pre, post, params }) =>
        compareAmount('received', post.recipient - pre.recipient, parseEther(params.amount), { symbol: 'BNB' }),
    },
    {
      name: 'wallet paid the amount plus gas only',
      weight: 10,
      verify: ({ pre, post, txs, params }) =>
        compareAmount('BNB spent besides gas', pre.agent - post.agent - episodeGas(txs), parseEther(params.amount), { symbol: 'BNB' }),
    },
    reportsUint("reported balance matches the recipient's balance on chain", 45, {
      read: (answer) => answerUint(answer, 'recipientBalance'),
      compare: (v, { post }) => compareAmount('reported balance', v, post.recipient, { symbol: 'BNB' }),
    }),
  ],
});
