import { decodeFunctionData, erc20Abi, formatUnits, parseAbi, parseEther, type Address, type PublicClient } from 'viem';
import { balanceOf, callsFunction, compareAmount, defineValidator, gasCost, nativeBalance } from 'evm-questbench/validators';

type Params = { bnb: string; usdt: string; slippage: number };
type State = { usdt: bigint; bnb: bigint; lp: bigint; poolUsdt: bigint; poolWbnb: bigint; supply: bigint };

const ROUTER = parseAbi([
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
]);
const CENT = 10n ** 16n;

const totalSupply = (chain: PublicClient, pair: Address) => chain.readContract({ address: pair, abi: erc20Abi, functionName: 'totalSupply' });

/** What the router deposits for the requested amounts at the pre-state, and the LP it mints for them. */
function expected(pre: State, p: Params) {
  const wantUsdt = parseEther(p.usdt);
  const wantBnb = parseEther(p.bnb);
  const bnbForUsdt = (wantUsdt * pre.poolWbnb) / pre.poolUsdt;
  const [usdt, bnb] = bnbForUsdt <= wantBnb ? [wantUsdt, bnbForUsdt] : [(wantBnb * pre.poolUsdt) / pre.poolWbnb, wantBnb];
  const a = (usdt * pre.supply) / pre.poolUsdt;
  const b = (bnb * pre.supply) / pre.poolWbnb;
  return { usdt, bnb, lp: a < b ? a : b };
}

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.router!,
  derive: async ({ chain, params, env }) => {
    // The USDT side matches the BNB at the pool's price, so neither side is badly over-offered.
    const poolUsdt = await balanceOf(chain.public, env.USDT!, env.pair_WBNB_USDT!);
    const poolWbnb = await balanceOf(chain.public, env.WBNB!, env.pair_WBNB_USDT!);
    const exact = (parseEther(params.bnb) * poolUsdt) / poolWbnb;
    return { usdt: formatUnits(((exact + CENT / 2n) / CENT) * CENT, 18) };
  },
  observe: async ({ chain, env, agent }) => ({
    usdt: await balanceOf(chain, env.USDT!, agent),
    bnb: await nativeBalance(chain, agent),
    lp: await balanceOf(chain, env.pair_WBNB_USDT!, agent),
    poolUsdt: await balanceOf(chain, env.USDT!, env.pair_WBNB_USDT!),
    poolWbnb: await balanceOf(chain, env.WBNB!, env.pair_WBNB_USDT!),
    supply: await totalSupply(chain, env.pair_WBNB_USDT!),
  }),
  checks: [
    callsFunction(10, 'addLiquidityETH(address,uint256,uint256,uint256,address,uint256)'),
    {
      name: 'agent received the WBNB/USDT LP tokens the deposit is worth',
      weight: 44,
      verify: ({ pre, post, params }) => compareAmount('LP received', post.lp - pre.lp, expected(pre, params).lp, { rel: 0.01, symbol: 'LP' }),
    },
    {
      name: 'USDT deposited matches the pool ratio',
      weight: 14,
      verify: ({ pre, post, params }) => compareAmount('USDT deposited', pre.usdt - post.usdt, expected(pre, params).usdt, { rel: 0.01, symbol: 'USDT' }),
    },
    {
      // Native BNB from the wallet: paying with WBNB instead leaves the BNB side of the request undone.
      name: 'BNB deposited matches the pool ratio',
      weight: 17,
      verify: (ctx) => compareAmount('BNB deposited', ctx.pre.bnb - ctx.post.bnb - gasCost(ctx), expected(ctx.pre, ctx.params).bnb, { rel: 0.01, symbol: 'BNB' }),
    },
    {
      name: 'minimum amounts enforce the slippage limit',
      weight: 15,
      verify: ({ tx, params }) => {
        const { args } = decodeFunctionData({ abi: ROUTER, data: tx!.data });
        const [, , tokenMin, ethMin] = args;
        const floor = (amount: string) => {
          const f = (parseEther(amount) * BigInt(100 - params.slippage)) / 100n;
          return f - f / 200n; // 0.5 % grace for rounding the percentage differently
        };
        const pass = tokenMin > 0n && ethMin > 0n && tokenMin >= floor(params.usdt) && ethMin >= floor(params.bnb);
        return { pass, detail: `amountTokenMin ${tokenMin}, amountETHMin ${ethMin}` };
      },
    },
  ],
});
