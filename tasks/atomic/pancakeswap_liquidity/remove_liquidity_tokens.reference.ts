import { Contract, JsonRpcProvider } from 'ethers';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'remove_liquidity_tokens'>;

export async function executeSkill(providerUrl: string, agentAddress: string, deployedContracts: TaskContracts<'remove_liquidity_tokens'>) {
  const provider = new JsonRpcProvider(providerUrl);
  const erc20 = ['function balanceOf(address) view returns (uint256)', 'function totalSupply() view returns (uint256)'];
  const pairAddress = deployedContracts.pair_USDT_BUSD;
  const pair = new Contract(pairAddress, erc20, provider);
  const router = new Contract(
    deployedContracts.router,
    [
      'function removeLiquidity(address tokenA, address tokenB, uint256 liquidity, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256)',
    ],
    provider,
  );
  const lp: bigint = await pair.getFunction('balanceOf')(agentAddress);
  const liquidity = (lp * BigInt(PARAMS.percent)) / 100n;
  const supply: bigint = await pair.getFunction('totalSupply')();
  // Minimums 1 % under the pro-rata share of each token the pair holds.
  const share = async (token: string) => {
    const held: bigint = await new Contract(token, erc20, provider).getFunction('balanceOf')(pairAddress);
    return (liquidity * held * 99n) / supply / 100n;
  };
  const block = await provider.getBlock('latest');
  if (!block) throw new Error('the provider returned no latest block');
  const data = router.interface.encodeFunctionData('removeLiquidity', [
    deployedContracts.USDT,
    deployedContracts.BUSD,
    liquidity,
    await share(deployedContracts.USDT),
    await share(deployedContracts.BUSD),
    agentAddress,
    BigInt(block.timestamp) + 1200n,
  ]);
  return { to: deployedContracts.router, data };
}
