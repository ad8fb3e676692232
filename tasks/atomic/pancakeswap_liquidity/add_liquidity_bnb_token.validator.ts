import { decodeFunctionData, formatUnits, parseEther, type Address, type PublicClient } from 'viem';
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
  tokenDecimals,
  tokenUnits,
  totalSupplyOf,
  withGrace,
  defined,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

/** With the derived USDT amount (a decimal string) derive() below returns. */
type Params = TaskParams<'add_liquidity_bnb_token'> & { usdt: string };
type State = { usdt: bigint; bnb: bigint; lp: bigint; poolUsdt: bigint; poolWbnb: bigint; supply: bigint };

/**
 * What the router deposits for the requested amounts at the pre-state, and the LP it mints for them. The
 * USDT amount is in the token's own decimals (18 on BSC, 6 for the USDC that plays it on Base).
 */
async function expected(chain: PublicClient, usdtToken: Address, pre: State, p: Params) {
  const [usdt, bnb] = routerDeposit(await tokenUnits(chain, usdtToken, p.usdt), parseEther(p.bnb), pre.poolUsdt, pre.poolWbnb);
  return { usdt, bnb, lp: lpMinted(usdt, bnb, pre.poolUsdt, pre.poolWbnb, pre.supply) };
}

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  derive: async ({ chain, params, env }) => {
    // The USDT side matches the BNB at the pool's price, so neither side is badly over-offered.
    const poolUsdt = await balanceOf(chain.public, env.USDT, env.pair_WBNB_USDT);
    const poolWbnb = await balanceOf(chain.public, env.WBNB, env.pair_WBNB_USDT);
    const decimals = await tokenDecimals(chain.public, env.USDT);
    const cent = 10n ** BigInt(decimals - 2);
    const exact = (parseEther(params.bnb) * poolUsdt) / poolWbnb;
    return { usdt: formatUnits(((exact + cent / 2n) / cent) * cent, decimals) };
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
      verify: async ({ chain, env, pre, post, params }) =>
        compareAmount('LP received', post.lp - pre.lp, (await expected(chain, env.USDT, pre, params)).lp, { rel: 0.01, symbol: 'LP' }),
    },
    {
      name: 'USDT deposited matches the pool ratio',
      weight: 14,
      verify: async ({ chain, env, pre, post, params }) =>
        compareAmount('USDT deposited', pre.usdt - post.usdt, (await expected(chain, env.USDT, pre, params)).usdt, {
          rel: 0.01,
          symbol: 'USDT',
          decimals: await tokenDecimals(chain, env.USDT),
        }),
    },
    {
      // Native BNB from the wallet: paying with WBNB instead leaves the BNB side of the request undone.
      name: 'BNB deposited matches the pool ratio',
      weight: 17,
      verify: async (ctx) =>
        compareAmount(
          'BNB deposited',
          ctx.pre.bnb - ctx.post.bnb - gasCost(ctx),
          (await expected(ctx.chain, ctx.env.USDT, ctx.pre, ctx.params)).bnb,
          { rel: 0.01, symbol: 'BNB' },
        ),
    },
    {
      name: 'minimum amounts enforce the slippage limit',
      weight: 15,
      verify: async ({ tx, params, chain, env }) => {
        const { args } = decodeFunctionData({ abi: ADD_LIQUIDITY_ETH, data: defined(tx, 'the sent transaction').data });
        const [, , tokenMin, ethMin] = args;
        const floor = (amount: bigint) => withGrace(slippageFloor(amount, params.slippage));
        const usdtFloor = floor(await tokenUnits(chain, env.USDT, params.usdt));
        const pass = tokenMin > 0n && ethMin > 0n && tokenMin >= usdtFloor && ethMin >= floor(parseEther(params.bnb));
        return { pass, detail: `amountTokenMin ${tokenMin}, amountETHMin ${ethMin}` };
      },
    },
  ],
});
