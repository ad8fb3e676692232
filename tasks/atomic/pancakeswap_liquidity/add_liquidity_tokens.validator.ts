import { decodeFunctionData, erc20Abi, isAddressEqual, parseAbi, parseEther, type Address } from 'viem';
import { balanceOf, callsFunction, compareAmount, defineValidator } from 'evm-questbench/validators';

type Params = { amount: string; slippage: number };
type State = { usdt: bigint; busd: bigint; lp: bigint; poolUsdt: bigint; poolBusd: bigint; supply: bigint };

const ROUTER = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
]);

/** The router's deposit for the requested amounts at the pre-state, and the LP minted for it. */
function expected(pre: State, p: Params) {
  const want = parseEther(p.amount);
  const busdForUsdt = (want * pre.poolBusd) / pre.poolUsdt;
  const [usdt, busd] = busdForUsdt <= want ? [want, busdForUsdt] : [(want * pre.poolUsdt) / pre.poolBusd, want];
  const a = (usdt * pre.supply) / pre.poolUsdt;
  const b = (busd * pre.supply) / pre.poolBusd;
  return { usdt, busd, lp: a < b ? a : b };
}

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.router!,
  observe: async ({ chain, env, agent }) => ({
    usdt: await balanceOf(chain, env.USDT!, agent),
    busd: await balanceOf(chain, env.BUSD!, agent),
    lp: await balanceOf(chain, env.pair_USDT_BUSD!, agent),
    poolUsdt: await balanceOf(chain, env.USDT!, env.pair_USDT_BUSD!),
    poolBusd: await balanceOf(chain, env.BUSD!, env.pair_USDT_BUSD!),
    supply: await chain.readContract({ address: env.pair_USDT_BUSD!, abi: erc20Abi, functionName: 'totalSupply' }),
  }),
  checks: [
    callsFunction(10, 'addLiquidity(address,address,uint256,uint256,uint256,uint256,address,uint256)'),
    {
      name: 'agent received the USDT/BUSD LP tokens the deposit is worth',
      weight: 45,
      verify: ({ pre, post, params }) => compareAmount('LP received', post.lp - pre.lp, expected(pre, params).lp, { rel: 0.01, symbol: 'LP' }),
    },
    {
      name: 'USDT deposited matches the request',
      weight: 15,
      verify: ({ pre, post, params }) => compareAmount('USDT deposited', pre.usdt - post.usdt, expected(pre, params).usdt, { rel: 0.01, symbol: 'USDT' }),
    },
    {
      name: 'BUSD deposited matches the request',
      weight: 15,
      verify: ({ pre, post, params }) => compareAmount('BUSD deposited', pre.busd - post.busd, expected(pre, params).busd, { rel: 0.01, symbol: 'BUSD' }),
    },
    {
      name: 'minimum amounts enforce the slippage limit',
      weight: 15,
      verify: ({ tx, params, env }) => {
        const { args } = decodeFunctionData({ abi: ROUTER, data: tx!.data });
        const [tokenA, tokenB, , , minA, minB] = args;
        // Either token order is fine; map each minimum to its token.
        const minFor = (token: Address) => (isAddressEqual(tokenA, token) ? minA : isAddressEqual(tokenB, token) ? minB : undefined);
        const minUsdt = minFor(env.USDT!);
        const minBusd = minFor(env.BUSD!);
        const f = (parseEther(params.amount) * BigInt(100 - params.slippage)) / 100n;
        const floor = f - f / 200n; // 0.5 % grace for rounding the percentage differently
        const ok = (m: bigint | undefined) => m !== undefined && m > 0n && m >= floor;
        return { pass: ok(minUsdt) && ok(minBusd), detail: `USDT min ${minUsdt ?? '-'}, BUSD min ${minBusd ?? '-'}, floor ${floor}` };
      },
    },
  ],
});
