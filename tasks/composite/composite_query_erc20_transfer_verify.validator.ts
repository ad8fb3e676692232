import { encodeFunctionData, erc20Abi, parseUnits } from 'viem';
import { answerUint, balanceOf, compareAmount, defineValidator, reportsUint, RICH_ACCOUNT, sendAs } from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_query_erc20_transfer_verify'>;
type State = { recipient: bigint; agent: bigint };

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The recipient already holds a per-instance amount (a real transfer from the rich account).
  setup: async ({ chain, params }) => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [params.to, parseUnits(params.planted, 18)] });
    await sendAs(chain, RICH_ACCOUNT, params.token.address, data);
  },
  observe: async ({ chain, params, agent }) => ({
    recipient: await balanceOf(chain, params.token.address, params.to),
    agent: await balanceOf(chain, params.token.address, agent),
  }),
  checks: [
    {
      name: 'recipient received exactly the requested amount',
      weight: 45,
      verify: ({ pre, post, params }) =>
        compareAmount('received', post.recipient - pre.recipient, parseUnits(params.amount, 18), { symbol: params.token.symbol }),
    },
    {
      name: 'the tokens came from the wallet',
      weight: 10,
      verify: ({ pre, post, params }) =>
        compareAmount('wallet spent', pre.agent - post.agent, parseUnits(params.amount, 18), { symbol: params.token.symbol }),
    },
    reportsUint("reported balance matches the recipient's balance on chain", 45, {
      read: (answer) => answerUint(answer, 'recipientBalance'),
      compare: (v, { post, params }) => compareAmount('reported balance', v, post.recipient, { symbol: params.token.symbol }),
    }),
  ],
});
