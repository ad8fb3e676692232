import { decodeFunctionData, parseAbi, parseUnits, type Address, type PublicClient } from 'viem';
import {
  approveAs,
  balanceOf,
  callsFunction,
  compareAmount,
  defineValidator,
  gasCost,
  nativeBalance,
  quoteOut,
  type HardEnv,
  addressOf,
  defined,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_fee_on_transfer_sell_taxed'>;
type State = { token: bigint; bnb: bigint; net: bigint };

const TAXED = parseAbi(['function taxOf(address from, address to, uint256 amount) view returns (uint256)']);
const SELL = parseAbi([
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);

const amount = (p: Params) => parseUnits(p.sale.amount, 18);
const pairOf = (env: HardEnv, p: Params) => addressOf(env, `pair_${p.sale.key}_WBNB`);

/** The BNB the sale pays: the router's quote for what reaches the pair after the token's tax. */
async function netQuote(chain: PublicClient, env: HardEnv, p: Params, agent: Address): Promise<bigint> {
  const tax = await chain.readContract({
    address: p.sale.address,
    abi: TAXED,
    functionName: 'taxOf',
    args: [agent, pairOf(env, p), amount(p)],
  });
  return quoteOut(chain, env.router, amount(p) - tax, [p.sale.address, env.WBNB]);
}

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  setup: async ({ chain, env, params, agent }) => approveAs(chain, agent, params.sale.address, env.router, amount(params)),
  observe: async ({ chain, env, params, agent }) => ({
    token: await balanceOf(chain, params.sale.address, agent),
    bnb: await nativeBalance(chain, agent),
    net: await netQuote(chain, env, params, agent),
  }),
  checks: [
    callsFunction(10, 'swapExactTokensForETHSupportingFeeOnTransferTokens(uint256,uint256,address[],address,uint256)'),
    {
      name: 'sold exactly the requested amount',
      weight: 10,
      verify: ({ pre, post, params }) => compareAmount('sold', pre.token - post.token, amount(params), { symbol: params.sale.symbol }),
    },
    {
      // Nothing moves the pair between the quote and the sale: the wallet gets the net quote to the wei.
      name: 'the wallet received the BNB the taxed sale pays',
      weight: 35,
      verify: (ctx) => compareAmount('BNB received', ctx.post.bnb - ctx.pre.bnb + gasCost(ctx), ctx.pre.net, { symbol: 'BNB' }),
    },
    {
      name: 'the minimum is within the slippage of the after-tax quote',
      weight: 45,
      verify: ({ tx, pre, params }) => {
        let min: bigint;
        try {
          min = decodeFunctionData({ abi: SELL, data: defined(tx, 'the sent transaction').data }).args[1];
        } catch {
          return { pass: false, detail: 'not a swapExactTokensForETHSupportingFeeOnTransferTokens call' };
        }
        const floor = (pre.net * BigInt(100 - params.slippage)) / 100n;
        // Half a percent of grace for rounding a percentage differently.
        const pass = min >= floor - floor / 200n && min <= pre.net;
        return { pass, detail: `amountOutMin ${min}, after-tax quote ${pre.net}, floor ${floor}` };
      },
    },
  ],
});
