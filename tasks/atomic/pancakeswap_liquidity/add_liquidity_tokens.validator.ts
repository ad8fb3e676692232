import { decodeFunctionData, parseEther } from 'viem';
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
  totalSupplyOf,
  withGrace,
  defined,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'add_liquidity_tokens'>;
type State = { usdt: bigint; busd: bigint; lp: bigint; poolUsdt: bigint; poolBusd: bigint; supply: bigint };

/** The router's deposit for the requested amounts at the pre-state, and the LP minted for it. */
function expected(pre: State, p: Params) {
  const want = parseEther(p.amount);
  const [usdt, busd] = routerDeposit(want, want, pre.poolUsdt, pre.poolBusd);
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
      verify: ({ pre, post, params }) =>
        compareAmount('LP received', post.lp - pre.lp, expected(pre, params).lp, { rel: 0.01, symbol: 'LP' }),
    },
    {
      name: 'USDT deposited matches the request',
      weight: 15,
      verify: ({ pre, post, params }) =>
        compareAmount('USDT deposited', pre.usdt - post.usdt, expected(pre, params).usdt, { rel: 0.01, symbol: 'USDT' }),
    },
    {
      name: 'BUSD deposited matches the request',
      weight: 15,
      verify: ({ pre, post, params }) =>
        compareAmount('BUSD deposited', pre.busd - post.busd, expected(pre, params).busd, { rel: 0.01, symbol: 'BUSD' }),
    },
    {
      name: 'minimum amounts enforce the slippage limit',
      weight: 15,
      verify: ({ tx, params, env }) => {
        const { args } = decodeFunctionData({ abi: ADD_LIQUIDITY, data: defined(tx, 'the sent transaction').data });
        const [tokenA, tokenB, , , minA, minB] = args;
        // Either token order is fine; map each minimum to its token.
        const minFor = minimumsByToken(tokenA, tokenB, minA, minB);
        const minUsdt = minFor(env.USDT);
        const minBusd = minFor(env.BUSD);
        const floor = withGrace(slippageFloor(parseEther(params.amount), params.slippage));
        const ok = (m: bigint | undefined) => m !== undefined && m > 0n && m >= floor;
        return { pass: ok(minUsdt) && ok(minBusd), detail: `USDT min ${minUsdt ?? '-'}, BUSD min ${minBusd ?? '-'}, floor ${floor}` };
      },
    },
  ],
});
