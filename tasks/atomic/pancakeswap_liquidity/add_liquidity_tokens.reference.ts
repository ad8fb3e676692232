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
  // The same amount of each stablecoin, in each token's own decimals (they need not agree).
  const units = async (token: string): Promise<bigint> => {
    const erc20 = new Contract(token, ['function decimals() view returns (uint8)'], provider);
    return parseUnits(PARAMS.amount, Number(await erc20.getFunction('decimals')()));
  };
  const usdt = await units(deployedContracts.USDT);
  const busd = await units(deployedContracts.BUSD);
  const min = (amount: bigint) => (amount * BigInt(100 - PARAMS.slippage)) / 100n;
  const block = await provider.getBlock('latest');
  if (!block) throw new Error('the provider returned no latest block');
  const data = router.interface.encodeFunctionData('addLiquidity', [
    deployedContracts.USDT,
    deployedContracts.BUSD,
    usdt,
    busd,
    min(usdt),
    min(busd),
    agentAddress,
    BigInt(block.timestamp) + 1200n,
  ]);
  return { to: deployedContracts.router, data };
}
