import { createPublicClient, encodeFunctionData, http, isAddressEqual, parseAbi, parseEther, type Address } from 'viem';
import type { TaskContracts, TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_execution_minimum_scheduled_buy_ahead'>;

const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
]);
const PAIR = parseAbi(['function token0() view returns (address)', 'function getReserves() view returns (uint112, uint112, uint32)']);
const ORDER = parseAbi([
  'function tokenIn() view returns (address)',
  'function pair() view returns (address)',
  'function slice() view returns (uint256)',
  'function remaining() view returns (uint256)',
]);

/** PancakeSwap V2's output for one hop (0.25 % fee). */
const amountOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint) =>
  (amountIn * 9975n * reserveOut) / (reserveIn * 10000n + amountIn * 9975n);

// The scheduled order fills its next slice in the pair at the top of the block the swap is mined in, before
// any searcher: after it, only a searcher trades, so the swap executes at exactly the quote after the slice.
// A minimum at that quote leaves no room to trade ahead of it; anything lower is taken.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_execution_minimum_scheduled_buy_ahead'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const { router, WBNB, scheduled_order: order } = deployedContracts;
  const amountIn = parseEther(PARAMS.amount);
  const pair = PARAMS.token.pair;
  const path = [WBNB, PARAMS.token.address];
  const amounts = await client.readContract({ address: router, abi: ROUTER, functionName: 'getAmountsOut', args: [amountIn, path] });
  const quote = amounts[amounts.length - 1];
  if (quote === undefined) throw new Error('the router returned no quote');
  const [token0, [r0, r1], orderIn, orderPair, slice, remaining] = await Promise.all([
    client.readContract({ address: pair, abi: PAIR, functionName: 'token0' }),
    client.readContract({ address: pair, abi: PAIR, functionName: 'getReserves' }),
    client.readContract({ address: order, abi: ORDER, functionName: 'tokenIn' }),
    client.readContract({ address: order, abi: ORDER, functionName: 'pair' }),
    client.readContract({ address: order, abi: ORDER, functionName: 'slice' }),
    client.readContract({ address: order, abi: ORDER, functionName: 'remaining' }),
  ]);
  // Reserves as (WBNB, token), then as the order's slice leaves them.
  let [reserveIn, reserveOut] = isAddressEqual(token0, WBNB) ? [r0, r1] : [r1, r0];
  if (isAddressEqual(orderPair, pair) && remaining >= slice) {
    if (isAddressEqual(orderIn, WBNB)) {
      const out = amountOut(slice, reserveIn, reserveOut);
      reserveIn += slice;
      reserveOut -= out;
    } else {
      const out = amountOut(slice, reserveOut, reserveIn);
      reserveOut += slice;
      reserveIn -= out;
    }
  }
  const expected = amountOut(amountIn, reserveIn, reserveOut);
  const minimum = expected;
  const { timestamp } = await client.getBlock();
  return {
    to: router,
    value: amountIn,
    data: encodeFunctionData({ abi: ROUTER, functionName: 'swapExactETHForTokens', args: [minimum, path, agent, timestamp + 1200n] }),
  };
}
