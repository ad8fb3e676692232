import { decodeFunctionData, type Address, type PublicClient } from 'viem';
import {
  ADD_LIQUIDITY,
  balanceOf,
  callsFunction,
  compareAmount,
  defineValidator,
  lpMinted,
  minimumsByToken,
  routerDeposit,
  slippageFloor,
  tokenDecimals,
  tokenUnits,
  totalSupplyOf,
  withGrace,
  defined,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'add_liquidity_tokens'>;
/** The two stablecoins' addresses (on Base, USDC and DAI play them). */
type Stables = { readonly USDT: Address; readonly BUSD: Address };
type State = { usdt: bigint; busd: bigint; lp: bigint; poolUsdt: bigint; poolBusd: bigint; supply: bigint };

/** The request's amount of each stablecoin in that token's own decimals (USDT: 18 on BSC, 6 for Base's USDC). */
const wanted = async (chain: PublicClient, env: Stables, p: Params) => ({
  usdt: await tokenUnits(chain, env.USDT, p.amount),
  busd: await tokenUnits(chain, env.BUSD, p.amount),
});

/** The router's deposit for the requested amounts at the pre-state, and the LP minted for it. */
async function expected(chain: PublicClient, env: Stables, pre: State, p: Params) {
  const want = await wanted(chain, env, p);
  const [usdt, busd] = routerDeposit(want.usdt, want.busd, pre.poolUsdt, pre.poolBusd);
  return { usdt, busd, lp: lpMinted(usdt, busd, pre.poolUsdt, pre.poolBusd, pre.supply) };
}

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  observe: async ({ chain, env, agent }) => ({
    usdt: await balanceOf(chain, env.USDT, agent),
    busd: await balanceOf(chain, env.BUSD, agent),
    lp: await balanceOf(chain, env.pair_USDT_BUSD, agent),
    poolUsdt: await balanceOf(chain, env.USDT, env.pair_USDT_BUSD),
    poolBusd: await balanceOf(chain, env.BUSD, env.pair_USDT_BUSD),
    supply: await totalSupplyOf(chain, env.pair_USDT_BUSD),
  }),
  checks: [
    callsFunction(10, 'addLiquidity(address,address,uint256,uint256,uint256,uint256,address,uint256)'),
    {
      name: 'agent received the USDT/BUSD LP tokens the deposit is worth',
      weight: 45,
      verify: async ({ chain, env, pre, post, params }) =>
        compareAmount('LP received', post.lp - pre.lp, (await expected(chain, env, pre, params)).lp, { rel: 0.01, symbol: 'LP' }),
    },
    {
      name: 'USDT deposited matches the request',
      weight: 15,
      verify: async ({ chain, env, pre, post, params }) =>
        compareAmount('USDT deposited', pre.usdt - post.usdt, (await expected(chain, env, pre, params)).usdt, {
          rel: 0.01,
          symbol: 'USDT',
          decimals: await tokenDecimals(chain, env.USDT),
        }),
    },
    {
      name: 'BUSD deposited matches the request',
      weight: 15,
      verify: async ({ chain, env, pre, post, params }) =>
        compareAmount('BUSD deposited', pre.busd - post.busd, (await expected(chain, env, pre, params)).busd, {
          rel: 0.01,
          symbol: 'BUSD',
          decimals: await tokenDecimals(chain, env.BUSD),
        }),
    },
    {
      name: 'minimum amounts enforce the slippage limit',
      weight: 15,
      verify: async ({ tx, params, env, chain }) => {
        const { args } = decodeFunctionData({ abi: ADD_LIQUIDITY, data: defined(tx, 'the sent transaction').data });
        const [tokenA, tokenB, , , minA, minB] = args;
        // Either token order is fine; map each minimum to its token.
        const minFor = minimumsByToken(tokenA, tokenB, minA, minB);
        const minUsdt = minFor(env.USDT);
        const minBusd = minFor(env.BUSD);
        const want = await wanted(chain, env, params);
        const floorUsdt = withGrace(slippageFloor(want.usdt, params.slippage));
        const floorBusd = withGrace(slippageFloor(want.busd, params.slippage));
        const ok = (m: bigint | undefined, floor: bigint) => m !== undefined && m > 0n && m >= floor;
        // One floor where both tokens have the same decimals (BSC), as the detail always said; each its own elsewhere.
        const floors = floorUsdt === floorBusd ? `floor ${floorUsdt}` : `floors ${floorUsdt} USDT, ${floorBusd} BUSD`;
        return {
          pass: ok(minUsdt, floorUsdt) && ok(minBusd, floorBusd),
          detail: `USDT min ${minUsdt ?? '-'}, BUSD min ${minBusd ?? '-'}, ${floors}`,
        };
      },
    },
  ],
});
