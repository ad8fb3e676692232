import { createPublicClient, encodeFunctionData, erc20Abi, http, isAddressEqual, parseAbi, parseUnits, type Address } from 'viem';
import type { TaskContracts, TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_execution_minimum_scheduled_sell_ahead'>;

const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
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

// The scheduled order fills its next slice in the pair at the top of the block the sale is mined in, before
// any searcher: after it, only a searcher trades, so the sale executes at exactly the quote after the slice.
// A minimum at that quote leaves no room to trade ahead of it; anything lower is taken.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_execution_minimum_scheduled_sell_ahead'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const { router, WBNB, scheduled_order: order } = deployedContracts;
  const token = PARAMS.token.address;
  const pair = PARAMS.token.pair;
  const decimals = await client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' });
  const amountIn = parseUnits(PARAMS.token.amount, decimals);
  const path = [token, WBNB];
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
  // Reserves as (token, WBNB), then as the order's slice leaves them.
  let [reserveIn, reserveOut] = isAddressEqual(token0, token) ? [r0, r1] : [r1, r0];
  if (isAddressEqual(orderPair, pair) && remaining >= slice) {
    if (isAddressEqual(orderIn, token)) {
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
    data: encodeFunctionData({
      abi: ROUTER,
      functionName: 'swapExactTokensForETH',
      args: [amountIn, minimum, path, agent, timestamp + 1200n],
    }),
  };
}
