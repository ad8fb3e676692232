import { decodeFunctionData } from 'viem';
import {
  balanceOf,
  callsFunction,
  compareAmount,
  defineValidator,
  GET_AMOUNTS_IN,
  quoteIn,
  SWAP_TOKENS_FOR_EXACT_TOKENS,
  defined,
  tokenDecimals,
  tokenUnits,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'swap_tokens_for_exact_tokens'>;
type State = { sold: bigint; bought: bigint; quote: bigint };

const ROUTER = [...GET_AMOUNTS_IN, ...SWAP_TOKENS_FOR_EXACT_TOKENS];

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  observe: async ({ chain, params, env, agent }) => ({
    sold: await balanceOf(chain, params.pair.sellAddress, agent),
    bought: await balanceOf(chain, params.pair.buyAddress, agent),
    // What the direct pool charges for the exact output at this state.
    quote: await quoteIn(chain, env.router, await tokenUnits(chain, params.pair.buyAddress, params.amount), [
      params.pair.sellAddress,
      params.pair.buyAddress,
    ]),
  }),
  checks: [
    callsFunction(8, 'swapTokensForExactTokens(uint256,uint256,address[],address,uint256)'),
    {
      name: 'agent received exactly the requested output',
      weight: 42,
      verify: async ({ chain, pre, post, params }) =>
        compareAmount('received', post.bought - pre.bought, await tokenUnits(chain, params.pair.buyAddress, params.amount), {
          symbol: params.pair.buy,
          decimals: await tokenDecimals(chain, params.pair.buyAddress),
        }),
    },
    {
      // Both legs carry the weight: paying with a like-priced wrong token still delivers the output.
      name: 'agent paid the quoted input in the right token',
      weight: 42,
      verify: async ({ chain, pre, post, params }) =>
        compareAmount('paid', pre.sold - post.sold, pre.quote, {
          rel: 0.01,
          symbol: params.pair.sell,
          decimals: await tokenDecimals(chain, params.pair.sellAddress),
        }),
    },
    {
      name: 'amountInMax caps the input at the slippage limit',
      weight: 8,
      verify: ({ tx, pre, params }) => {
        const { functionName, args } = decodeFunctionData({ abi: ROUTER, data: defined(tx, 'the sent transaction').data });
        if (functionName !== 'swapTokensForExactTokens') return { pass: false, detail: `calls ${functionName}, which has no amountInMax` };
        const max = args[1];
        const ceiling = (pre.quote * BigInt(100 + params.slippage)) / 100n;
        // 0.5 % grace above the ceiling for scripts that round the percentage differently.
        const pass = max >= pre.quote && max <= ceiling + ceiling / 200n;
        return { pass, detail: `amountInMax ${max}, quote ${pre.quote}, ceiling ${ceiling}` };
      },
    },
  ],
});
