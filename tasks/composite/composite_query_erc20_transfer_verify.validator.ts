import { encodeFunctionData, erc20Abi } from 'viem';
import {
  answerUint,
  balanceOf,
  compareAmount,
  defineValidator,
  reportsUint,
  RICH_ACCOUNT,
  sendAs,
  tokenDecimals,
  tokenUnits,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_query_erc20_transfer_verify'>;
type State = { recipient: bigint; agent: bigint; decimals: number };

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The recipient already holds a per-instance amount (a real transfer from the rich account), in the token's own decimals.
  setup: async ({ chain, params }) => {
    const planted = await tokenUnits(chain.public, params.token.address, params.planted);
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [params.to, planted] });
    await sendAs(chain, RICH_ACCOUNT, params.token.address, data);
  },
  observe: async ({ chain, params, agent }) => ({
    recipient: await balanceOf(chain, params.token.address, params.to),
    agent: await balanceOf(chain, params.token.address, agent),
    // The token's decimals (18 on BSC; Base's USDC has 6), which the amounts are printed in.
    decimals: await tokenDecimals(chain, params.token.address),
  }),
  checks: [
    {
      name: 'recipient received exactly the requested amount',
      weight: 45,
      verify: async ({ chain, pre, post, params }) =>
        compareAmount('received', post.recipient - pre.recipient, await tokenUnits(chain, params.token.address, params.amount), {
          symbol: params.token.symbol,
          decimals: post.decimals,
        }),
    },
    {
      name: 'the tokens came from the wallet',
      weight: 10,
      verify: async ({ chain, pre, post, params }) =>
        compareAmount('wallet spent', pre.agent - post.agent, await tokenUnits(chain, params.token.address, params.amount), {
          symbol: params.token.symbol,
          decimals: post.decimals,
        }),
    },
    reportsUint("reported balance matches the recipient's balance on chain", 45, {
      read: (answer) => answerUint(answer, 'recipientBalance'),
      compare: (v, { post, params }) =>
        compareAmount('reported balance', v, post.recipient, { symbol: params.token.symbol, decimals: post.decimals }),
    }),
  ],
});
