import { createPublicClient, encodeFunctionData, http, parseAbi, parseUnits, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_units_pool_buy_wbtc_quote_fee'>;

const POOL = parseAbi([
  'function getAmountIn(address tokenOut, uint256 amountOut) view returns (uint256)',
  'function swap(address tokenIn, uint256 amountIn, uint256 minOut, address to) returns (uint256)',
]);
const ERC20 = parseAbi(['function decimals() view returns (uint8)']);

// The pool's getAmountIn prices a lower fee than its swap charges: start from it, simulate the swap the
// wallet will send to see what it really pays, scale the input up and step until the simulation delivers.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_units_pool_buy_wbtc_quote_fee'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const { WBTC: wbtc, USDT: usdt } = deployedContracts;
  const pool = PARAMS.pool;
  const decimals = await client.readContract({ address: wbtc, abi: ERC20, functionName: 'decimals' });
  const want = parseUnits(PARAMS.amount, decimals);
  const pays = async (amountIn: bigint) =>
    (await client.simulateContract({ account: agent, address: pool, abi: POOL, functionName: 'swap', args: [usdt, amountIn, 0n, agent] }))
      .result;
  const quoted = await client.readContract({ address: pool, abi: POOL, functionName: 'getAmountIn', args: [wbtc, want] });
  const got = await pays(quoted);
  let amountIn = got >= want ? quoted : (quoted * want) / got;
  while ((await pays(amountIn)) < want) amountIn += amountIn / 100_000n + 1n;
  return { to: pool, data: encodeFunctionData({ abi: POOL, functionName: 'swap', args: [usdt, amountIn, want, agent] }) };
}
