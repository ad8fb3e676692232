// The hard split's adversary: swaps from an account of the harness's, in the pool a pending trade uses,
// that move its price against the trade (run in a validator's `beforeSend`, before the trade is signed).
import { encodeFunctionData, erc20Abi, parseAbi, type Address, type Hex } from 'viem';
import { namedAddress } from '../chain/addresses.ts';
import { sendAs } from '../chain/impersonate.ts';
import type { ChainClients } from '../chain/rpc.ts';
import { setTokenBalance } from '../chain/token-balance.ts';
import { V2_PAIR_ABI, V3_POOL_ABI, V3_ROUTER_ABI } from '../chain/hard-abis.ts';

export const ADVERSARY: Address = namedAddress('hard/adversary');

const V2_ROUTER = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
]);
const FAR_DEADLINE = 2n ** 64n;

/** The selector of a pending transaction's calldata (lower case). */
export const selectorOfData = (data: Hex): string => data.slice(0, 10).toLowerCase();

/**
 * Sells `sell` for `buy` in their V2 pair ahead of the pending trade, with `share` (in basis points) of
 * the pair's `sell` reserve: a trade in the same direction then gets about (1 / (1 + share))² of its
 * quote (15 % of the reserve: about 24 % less).
 */
export async function frontRunV2(
  chain: ChainClients,
  a: { router: Address; pair: Address; sell: Address; buy: Address; wbnb: Address; shareBps: bigint },
): Promise<void> {
  const [r0, r1] = await chain.public.readContract({ address: a.pair, abi: V2_PAIR_ABI, functionName: 'getReserves' });
  const token0 = await chain.public.readContract({ address: a.pair, abi: V2_PAIR_ABI, functionName: 'token0' });
  const reserveIn = token0.toLowerCase() === a.sell.toLowerCase() ? r0 : r1;
  const amount = (reserveIn * a.shareBps) / 10_000n;
  const path = [a.sell, a.buy];
  if (a.sell.toLowerCase() === a.wbnb.toLowerCase()) {
    await chain.test.setBalance({ address: ADVERSARY, value: amount + 10n ** 18n });
    await sendAs(
      chain,
      ADVERSARY,
      a.router,
      encodeFunctionData({ abi: V2_ROUTER, functionName: 'swapExactETHForTokens', args: [0n, path, ADVERSARY, FAR_DEADLINE] }),
      amount,
    );
    return;
  }
  await chain.test.setBalance({ address: ADVERSARY, value: 10n ** 18n });
  await setTokenBalance(chain, a.sell, ADVERSARY, amount);
  await sendAs(chain, ADVERSARY, a.sell, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [a.router, amount] }));
  await sendAs(
    chain,
    ADVERSARY,
    a.router,
    encodeFunctionData({ abi: V2_ROUTER, functionName: 'swapExactTokensForTokens', args: [amount, 0n, path, ADVERSARY, FAR_DEADLINE] }),
  );
}

const Q96 = 2n ** 96n;

function sqrtBig(n: bigint): bigint {
  if (n < 2n) return n;
  let x = BigInt(Math.floor(Math.sqrt(Number(n))));
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x && x * x <= n && (x + 1n) * (x + 1n) > n) return x;
    x = y;
  }
}

/**
 * Sells `sell` for the pool's other token in a V3 pool ahead of the pending trade until the price of
 * `sell` has fallen by `dropBps` (a price limit stops the swap there): a trade in the same direction
 * then gets about that much less.
 */
export async function frontRunV3(
  chain: ChainClients,
  a: { router: Address; pool: Address; sell: Address; wbnb: Address; dropBps: bigint },
): Promise<void> {
  const read = <F extends 'slot0' | 'token0' | 'token1' | 'fee'>(functionName: F) =>
    chain.public.readContract({ address: a.pool, abi: V3_POOL_ABI, functionName } as never) as Promise<any>;
  const [slot0, token0, token1, fee] = await Promise.all([read('slot0'), read('token0'), read('token1'), read('fee')]);
  const sqrtP = slot0[0] as bigint;
  const zeroForOne = (token0 as string).toLowerCase() === a.sell.toLowerCase();
  // price = token1 per token0 = (sqrtP / 2^96)²; selling token0 lowers it, selling token1 raises it.
  const factor = zeroForOne ? ((10_000n - a.dropBps) * Q96 * Q96) / 10_000n : (10_000n * Q96 * Q96) / (10_000n - a.dropBps);
  const limit = (sqrtP * sqrtBig(factor)) / Q96;
  const buy = (zeroForOne ? token1 : token0) as Address;
  const big = 10n ** 30n;
  const params = {
    tokenIn: a.sell,
    tokenOut: buy,
    fee: Number(fee),
    recipient: ADVERSARY,
    deadline: FAR_DEADLINE,
    amountIn: big,
    amountOutMinimum: 0n,
    sqrtPriceLimitX96: limit,
  };
  const data = encodeFunctionData({ abi: V3_ROUTER_ABI, functionName: 'exactInputSingle', args: [params] });
  if (a.sell.toLowerCase() === a.wbnb.toLowerCase()) {
    // The router wraps what the pool asks for and keeps the rest of the value.
    await chain.test.setBalance({ address: ADVERSARY, value: big + 10n ** 18n });
    await sendAs(chain, ADVERSARY, a.router, data, big, 3_000_000n);
    return;
  }
  await chain.test.setBalance({ address: ADVERSARY, value: 10n ** 18n });
  await setTokenBalance(chain, a.sell, ADVERSARY, big);
  await sendAs(chain, ADVERSARY, a.sell, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [a.router, big] }));
  await sendAs(chain, ADVERSARY, a.router, data, 0n, 3_000_000n);
}
