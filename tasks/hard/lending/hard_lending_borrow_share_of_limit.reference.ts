import { createPublicClient, encodeFunctionData, http, parseAbi, zeroAddress, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_lending_borrow_share_of_limit'>;

const COMPTROLLER = parseAbi([
  'function getHypotheticalAccountLiquidity(address, address, uint256, uint256) view returns (uint256, uint256, uint256)',
]);
const ORACLE = parseAbi(['function getUnderlyingPrice(address vToken) view returns (uint256)']);
const VTOKEN = parseAbi(['function borrow(uint256 borrowAmount) returns (uint256)']);

// The limit a borrow is checked against weighs collateral by the collateral factors:
// getHypotheticalAccountLiquidity, not getAccountLiquidity (liquidation thresholds).
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_lending_borrow_share_of_limit'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const { venus_comptroller: comptroller, venus_oracle: oracle, vUSDT } = deployedContracts;
  const [, liquidity] = await client.readContract({
    address: comptroller,
    abi: COMPTROLLER,
    functionName: 'getHypotheticalAccountLiquidity',
    args: [agent, zeroAddress, 0n, 0n],
  });
  const price = await client.readContract({ address: oracle, abi: ORACLE, functionName: 'getUnderlyingPrice', args: [vUSDT] });
  const one = 10n ** 18n;
  const usdt = (((liquidity * BigInt(PARAMS.pct)) / 100n) * one) / price;
  const amount = (usdt / one) * one;
  return { to: vUSDT, data: encodeFunctionData({ abi: VTOKEN, functionName: 'borrow', args: [amount] }) };
}
