import { decodeFunctionData, parseAbi, parseEther, type Address } from 'viem';
import { balanceOf, callsFunction, compareAmount, defineValidator, sendsValue, succeeded } from 'evm-questbench/validators';

type Params = { token: { symbol: string; address: Address }; amount: string; slippage: number };
type State = { tokens: bigint; quote: bigint };

const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
  'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
]);

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.router!,
  observe: async ({ chain, params, env, agent }) => ({
    tokens: await balanceOf(chain, params.token.address, agent),
    // The direct-pool quote at this state; the swap must get (almost) this much.
    quote: (await chain.readContract({ address: env.router!, abi: ROUTER, functionName: 'getAmountsOut', args: [parseEther(params.amount), [env.WBNB!, params.token.address]] }))[1]!,
  }),
  checks: [
    succeeded(20, 'swap through the PancakeSwap router succeeded'),
    callsFunction(15, 'swapExactETHForTokens(uint256,address[],address,uint256)', 'swapExactETHForTokensSupportingFeeOnTransferTokens(uint256,address[],address,uint256)'),
    sendsValue(20, ({ params }) => parseEther(params.amount)),
    {
      name: 'agent received the quoted amount of the right token',
      weight: 25,
      // A routed path may differ slightly from the direct quote; 1 % is far tighter than any wrong token or amount.
      verify: ({ pre, post, params }) => compareAmount('received', post.tokens - pre.tokens, pre.quote, { rel: 0.01, symbol: params.token.symbol }),
    },
    {
      name: 'amountOutMin enforces the slippage limit',
      weight: 20,
      verify: ({ tx, pre, params }) => {
        const { args } = decodeFunctionData({ abi: ROUTER, data: tx!.data });
        const min = args[0] as bigint;
        const floor = (pre.quote * BigInt(100 - params.slippage)) / 100n;
        // 0.5 % grace below the floor for scripts that round the percentage differently.
        const pass = min > 0n && min >= floor - floor / 200n;
        return { pass, detail: `amountOutMin ${min}, slippage floor ${floor}` };
      },
    },
  ],
});
