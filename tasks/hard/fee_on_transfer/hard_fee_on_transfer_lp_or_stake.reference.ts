import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, parseEther, parseGwei, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_fee_on_transfer_lp_or_stake'>;

const ABI = parseAbi([
  'function getPair(address tokenA, address tokenB) view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
  'function stake(uint256 amount)',
]);

// Simulates the add as the platform will send it (from the wallet, with its fees: a fee-less eth_call runs at
// gas price 0, where MRLN takes no tax) and compares the LP it mints with the LP the whole amount would mint.
// The pair mints for the smaller side, so that ratio is the share of the MRLN that really reached the pool.
export async function executeSkill(
  providerUrl: string,
  agentAddress: Address,
  deployedContracts: TaskContracts<'hard_fee_on_transfer_lp_or_stake'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const router = deployedContracts.router;
  const amount = parseEther(PARAMS.amount);
  const pair = await client.readContract({
    address: deployedContracts.factory,
    abi: ABI,
    functionName: 'getPair',
    args: [PARAMS.token, deployedContracts.WBNB],
  });
  const [[r0, r1], token0, supply] = await Promise.all([
    client.readContract({ address: pair, abi: ABI, functionName: 'getReserves' }),
    client.readContract({ address: pair, abi: ABI, functionName: 'token0' }),
    client.readContract({ address: pair, abi: erc20Abi, functionName: 'totalSupply' }),
  ]);
  const [reserveToken, reserveBnb] = token0.toLowerCase() === PARAMS.token.toLowerCase() ? [r0, r1] : [r1, r0];
  const value = (amount * reserveBnb) / reserveToken;
  const whole = (amount * supply) / reserveToken;
  const block = await client.getBlock();
  const deadline = block.timestamp + 1200n;
  const priority = parseGwei('1');
  const args = [PARAMS.token, amount, (amount * 99n) / 100n, (value * 99n) / 100n, agentAddress, deadline] as const;
  const { result } = await client.simulateContract({
    account: agentAddress,
    address: router,
    abi: ABI,
    functionName: 'addLiquidityETH',
    args,
    value,
    maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + priority,
    maxPriorityFeePerGas: priority,
  });
  if (result[2] * 100n >= whole * 99n)
    return { to: router, value, data: encodeFunctionData({ abi: ABI, functionName: 'addLiquidityETH', args }) };
  return { to: PARAMS.staking, data: encodeFunctionData({ abi: ABI, functionName: 'stake', args: [amount] }) };
}
