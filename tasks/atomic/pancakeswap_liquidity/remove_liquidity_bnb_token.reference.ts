import { Contract, JsonRpcProvider } from 'ethers';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'remove_liquidity_bnb_token'>;

export async function executeSkill(
  providerUrl: string,
  agentAddress: string,
  deployedContracts: TaskContracts<'remove_liquidity_bnb_token'>,
) {
  const provider = new JsonRpcProvider(providerUrl);
  const pair = new Contract(
    deployedContracts.pair_WBNB_USDT,
    [
      'function balanceOf(address) view returns (uint256)',
      'function totalSupply() view returns (uint256)',
      'function getReserves() view returns (uint112, uint112, uint32)',
      'function token0() view returns (address)',
    ],
    provider,
  );
  const router = new Contract(
    deployedContracts.router,
    [
      'function removeLiquidityETH(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) returns (uint256, uint256)',
    ],
    provider,
  );
  const lp: bigint = await pair.getFunction('balanceOf')(agentAddress);
  const liquidity = (lp * BigInt(PARAMS.percent)) / 100n;
  // Minimums 1 % under the pro-rata share, in case the pool moves before inclusion.
  const [r0, r1]: [bigint, bigint] = await pair.getFunction('getReserves')();
  const supply: bigint = await pair.getFunction('totalSupply')();
  const usdtIsToken0 = ((await pair.getFunction('token0')()) as string).toLowerCase() === deployedContracts.USDT.toLowerCase();
  const [rUsdt, rWbnb] = usdtIsToken0 ? [r0, r1] : [r1, r0];
  const minUsdt = (liquidity * rUsdt * 99n) / supply / 100n;
  const minBnb = (liquidity * rWbnb * 99n) / supply / 100n;
  const block = await provider.getBlock('latest');
  if (!block) throw new Error('the provider returned no latest block');
  const data = router.interface.encodeFunctionData('removeLiquidityETH', [
    deployedContracts.USDT,
    liquidity,
    minUsdt,
    minBnb,
    agentAddress,
    BigInt(block.timestamp) + 1200n,
  ]);
  return { to: deployedContracts.router, data };
}
