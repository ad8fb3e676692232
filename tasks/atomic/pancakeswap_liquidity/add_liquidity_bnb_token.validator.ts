import { decodeFunctionData, formatUnits, parseEther } from 'viem';
import {
  ADD_LIQUIDITY_ETH,
  balanceOf,
  callsFunction,
  compareAmount,
  defineValidator,
  gasCost,
  lpMinted,
  nativeBalance,
  routerDeposit,
  slippageFloor,
  totalSupplyOf,
  withGrace,
  defined,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

/** With the derived USDT amount (a decimal string) derive() below returns. */
type Params = TaskParams<'add_liquidity_bnb_token'> & { usdt: string };
type State = { usdt: bigint; bnb: bigint; lp: bigint; poolUsdt: bigint; poolWbnb: bigint; supply: bigint };

const CENT = 10n ** 16n;

/** What the router deposits for the requested amounts at the pre-state, and the LP it mints for them. */
function expected(pre: State, p: Params) {
  const [usdt, bnb] = routerDeposit(parseEther(p.usdt), parseEther(p.bnb), pre.poolUsdt, pre.poolWbnb);
  return { usdt, bnb, lp: lpMinted(usdt, bnb, pre.poolUsdt, pre.poolWbnb, pre.supply) };
}

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  derive: async ({ chain, params, env }) => {
    // The USDT side matches the BNB at the pool's price, so neither side is badly over-offered.
    const poolUsdt = await balanceOf(chain.public, env.USDT, env.pair_WBNB_USDT);
    const poolWbnb = await balanceOf(chain.public, env.WBNB, env.pair_WBNB_USDT);
    const exact = (parseEther(params.bnb) * poolUsdt) / poolWbnb;
    return { usdt: formatUnits(((exact + CENT / 2n) / CENT) * CENT, 18) };
  },
  observe: async ({ chain, env, agent }) => ({
    usdt: await balanceOf(chain, env.USDT, agent),
    bnb: await nativeBalance(chain, agent),
    lp: await balanceOf(chain, env.pair_WBNB_USDT, agent),
    poolUsdt: await balanceOf(chain, env.USDT, env.pair_WBNB_USDT),
    poolWbnb: await balanceOf(chain, env.WBNB, env.pair_WBNB_USDT),
    supply: await totalSupplyOf(chain, env.pair_WBNB_USDT),
  }),
  checks: [
    callsFunction(10, 'addLiquidityETH(address,uint256,uint256,uint256,address,uint256)'),
    {
      name: 'agent received the WBNB/USDT LP tokens the deposit is worth',
      weight: 44,
      verify: ({ pre, post, params }) =>
        compareAmount('LP received', post.lp - pre.lp, expected(pre, params).lp, { rel: 0.01, symbol: 'LP' }),
    },
    {
      name: 'USDT deposited matches the pool ratio',
      weight: 14,
      verify: ({ pre, post, params }) =>
        compareAmount('USDT deposited', pre.usdt - post.usdt, expected(pre, params).usdt, { rel: 0.01, symbol: 'USDT' }),
    },
    {
      // Native BNB from the wallet: paying with WBNB instead leaves the BNB side of the request undone.
      name: 'BNB deposited matches the pool ratio',
      weight: 17,
      verify: (ctx) =>
        compareAmount('BNB deposited', ctx.pre.bnb - ctx.post.bnb - gasCost(ctx), expected(ctx.pre, ctx.params).bnb, {
          rel: 0.01,
          symbol: 'BNB',
        }),
    },
    {
      name: 'minimum amounts enforce the slippage limit',
      weight: 15,
      verify: ({ tx, params }) => {
        const { args } = decodeFunctionData({ abi: ADD_LIQUIDITY_ETH, data: defined(tx, 'the sent transaction').data });
        const [, , tokenMin, ethMin] = args;
        const floor = (amount: string) => withGrace(slippageFloor(parseEther(amount), params.slippage));
        const pass = tokenMin > 0n && ethMin > 0n && tokenMin >= floor(params.usdt) && ethMin >= floor(params.bnb);
        return { pass, detail: `amountTokenMin ${tokenMin}, amountETHMin ${ethMin}` };
      },
    },
  ],
});
