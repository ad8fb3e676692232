import { decodeFunctionData, isAddressEqual, type Address } from 'viem';
import {
  balanceOf,
  callsFunction,
  compareAmount,
  defineValidator,
  GET_AMOUNTS_OUT,
  quoteOut,
  SWAP_EXACT_TOKENS_FOR_TOKENS,
  type EnvMap,
  defined,
  tokenUnits,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'swap_multihop_routing'>;
type Pools = { cakeWbnb: [bigint, bigint]; wbnbUsdt: [bigint, bigint]; usdtBusd: [bigint, bigint]; cakeUsdt: [bigint, bigint] };
type State = { cake: bigint; busd: bigint; quote: bigint; pools: Pools };

const ROUTER = [...GET_AMOUNTS_OUT, ...SWAP_EXACT_TOKENS_FOR_TOKENS];

const route = (env: EnvMap): Address[] => [env.CAKE, env.WBNB, env.USDT, env.BUSD];

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  observe: async ({ chain, env, agent, params }) => {
    // Token balances of each pool, listed as [token in, token out] of the hop it would serve.
    const pool = async (pair: Address, a: Address, b: Address): Promise<[bigint, bigint]> => [
      await balanceOf(chain, a, pair),
      await balanceOf(chain, b, pair),
    ];
    return {
      cake: await balanceOf(chain, env.CAKE, agent),
      busd: await balanceOf(chain, env.BUSD, agent),
      quote: await quoteOut(chain, env.router, await tokenUnits(chain, env.CAKE, params.amount), route(env)),
      pools: {
        cakeWbnb: await pool(env.pair_CAKE_WBNB, env.CAKE, env.WBNB),
        wbnbUsdt: await pool(env.pair_WBNB_USDT, env.WBNB, env.USDT),
        usdtBusd: await pool(env.pair_USDT_BUSD, env.USDT, env.BUSD),
        cakeUsdt: await pool(env.pair_CAKE_USDT, env.CAKE, env.USDT),
      },
    };
  },
  checks: [
    callsFunction(
      6,
      'swapExactTokensForTokens(uint256,uint256,address[],address,uint256)',
      'swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256,uint256,address[],address,uint256)',
    ),
    {
      name: 'agent sold exactly the amount of CAKE',
      weight: 10,
      verify: async ({ chain, env, pre, post, params }) =>
        compareAmount('sold', pre.cake - post.cake, await tokenUnits(chain, env.CAKE, params.amount), { symbol: 'CAKE' }),
    },
    {
      name: 'agent received the BUSD the requested route yields',
      weight: 42,
      verify: ({ pre, post }) => compareAmount('received', post.busd - pre.busd, pre.quote, { rel: 0.01, symbol: 'BUSD' }),
    },
    {
      name: 'the swap path is CAKE → WBNB → USDT → BUSD',
      weight: 17,
      verify: ({ tx, env }) => {
        const { args } = decodeFunctionData({ abi: ROUTER, data: defined(tx, 'the sent transaction').data });
        const path = args[2] as readonly Address[];
        const want = route(env);
        const pass = path.length === want.length && path.every((a, i) => isAddressEqual(a, defined(want[i], 'the requested hop')));
        return { pass, detail: `path ${path.join(' → ')}` };
      },
    },
    {
      // Chain evidence of the route: each requested pool took its input and paid out, the direct CAKE/USDT pool did not trade.
      name: 'the trade went through the CAKE/WBNB, WBNB/USDT and USDT/BUSD pools',
      weight: 25,
      verify: ({ pre, post }) => {
        const hops = ['cakeWbnb', 'wbnbUsdt', 'usdtBusd'] as const;
        const traded = hops.filter((h) => post.pools[h][0] > pre.pools[h][0] && post.pools[h][1] < pre.pools[h][1]);
        const directUntouched = post.pools.cakeUsdt[0] === pre.pools.cakeUsdt[0] && post.pools.cakeUsdt[1] === pre.pools.cakeUsdt[1];
        const pass = traded.length === hops.length && directUntouched;
        return {
          pass,
          detail: `pools traded in route direction: ${traded.join(', ') || 'none'}; direct CAKE/USDT pool ${directUntouched ? 'untouched' : 'traded'}`,
        };
      },
    },
  ],
});
