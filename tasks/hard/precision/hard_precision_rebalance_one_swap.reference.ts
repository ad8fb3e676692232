import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_precision_rebalance_one_swap'>;

const PAIR = parseAbi(['function token0() view returns (address)', 'function getReserves() view returns (uint112, uint112, uint32)']);
const ROUTER = parseAbi([
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
]);

// Solves for the amount sold so that CAKE's share of value at the pair's post-trade price is the target
// (constant product with the 0.25 % fee), by bisection: the share moves monotonically with the amount.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_precision_rebalance_one_swap'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const d = deployedContracts;
  const [token0, [r0, r1], cake, usdt] = await Promise.all([
    client.readContract({ address: d.pair_CAKE_USDT, abi: PAIR, functionName: 'token0' }),
    client.readContract({ address: d.pair_CAKE_USDT, abi: PAIR, functionName: 'getReserves' }),
    client.readContract({ address: d.CAKE, abi: erc20Abi, functionName: 'balanceOf', args: [agent] }),
    client.readContract({ address: d.USDT, abi: erc20Abi, functionName: 'balanceOf', args: [agent] }),
  ]);
  const [rc, ru] = token0.toLowerCase() === d.CAKE.toLowerCase() ? [r0, r1] : [r1, r0];
  const out = (x: bigint, rin: bigint, rout: bigint) => (x * 9975n * rout) / (rin * 10000n + x * 9975n);
  /** CAKE's share of value in basis points after selling x of CAKE (sellCake) or of USDT. */
  const share = (x: bigint, sellCake: boolean) => {
    const [c, u, pc, pu] = sellCake
      ? [cake - x, usdt + out(x, rc, ru), rc + x, ru - out(x, rc, ru)]
      : [cake + out(x, ru, rc), usdt - x, rc - out(x, ru, rc), ru + x];
    const v = (c * pu) / pc;
    return (v * 10000n) / (v + u);
  };
  const target = BigInt(PARAMS.pct) * 100n;
  const sellCake = share(0n, true) > target;
  let [lo, hi] = [0n, sellCake ? cake : usdt];
  for (let i = 0; i < 100 && hi - lo > 1n; i++) {
    const mid = (lo + hi) / 2n;
    if (share(mid, sellCake) > target === sellCake) lo = mid;
    else hi = mid;
  }
  const amountIn = lo;
  const quote = sellCake ? out(amountIn, rc, ru) : out(amountIn, ru, rc);
  const path = sellCake ? [d.CAKE, d.USDT] : [d.USDT, d.CAKE];
  const { timestamp } = await client.getBlock();
  return {
    to: d.router,
    data: encodeFunctionData({
      abi: ROUTER,
      functionName: 'swapExactTokensForTokens',
      args: [amountIn, (quote * 99n) / 100n, path, agent, timestamp + 1200n],
    }),
  };
}
