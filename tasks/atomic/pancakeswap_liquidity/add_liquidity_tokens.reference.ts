import { Contract, JsonRpcProvider, parseUnits } from 'ethers';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'add_liquidity_tokens'>;

export async function executeSkill(providerUrl: string, agentAddress: string, deployedContracts: TaskContracts<'add_liquidity_tokens'>) {
  const provider = new JsonRpcProvider(providerUrl);
  const router = new Contract(
    deployedContracts.router,
    [
      'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
    ],
    provider,
  );
  const amount = parseUnits(PARAMS.amount, 18);
  const min = (amount * BigInt(100 - PARAMS.slippage)) / 100n;
  const block = await provider.getBlock('latest');
  if (!block) throw new Error('the provider returned no latest block');
  const data = router.interface.encodeFunctionData('addLiquidity', [
    deployedContracts.USDT,
    deployedContracts.BUSD,
    amount,
    amount,
    min,
    min,
    agentAddress,
    BigInt(block.timestamp) + 1200n,
  ]);
  return { to: deployedContracts.router, data };
}
