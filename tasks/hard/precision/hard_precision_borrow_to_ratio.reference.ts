import { createPublicClient, encodeFunctionData, http, parseAbi, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_precision_borrow_to_ratio'>;

const COMPTROLLER = parseAbi([
  'function getAssetsIn(address) view returns (address[])',
  'function getAllMarkets() view returns (address[])',
]);
const ORACLE = parseAbi(['function getUnderlyingPrice(address vToken) view returns (uint256)']);
const VTOKEN = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function exchangeRateCurrent() returns (uint256)',
  'function borrowBalanceCurrent(address) returns (uint256)',
  'function borrow(uint256 borrowAmount) returns (uint256)',
]);

// Collateral C = supplied value in the entered markets, debt D = every borrow, both at the oracle
// (interest accrued: the *Current reads, through eth_call). New USDT x keeps C / (D + x) >= ratio.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_precision_borrow_to_ratio'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const d = deployedContracts;
  const one = 10n ** 18n;
  const entered = (
    await client.readContract({ address: d.venus_comptroller, abi: COMPTROLLER, functionName: 'getAssetsIn', args: [agent] })
  ).map((a) => a.toLowerCase());
  let collateral = 0n;
  let debt = 0n;
  for (const m of await client.readContract({ address: d.venus_comptroller, abi: COMPTROLLER, functionName: 'getAllMarkets' })) {
    const price = await client.readContract({ address: d.venus_oracle, abi: ORACLE, functionName: 'getUnderlyingPrice', args: [m] });
    const borrowed = (
      await client.simulateContract({ address: m, abi: VTOKEN, functionName: 'borrowBalanceCurrent', args: [agent], account: agent })
    ).result;
    debt += (borrowed * price) / one;
    if (entered.includes(m.toLowerCase())) {
      const vTokens = await client.readContract({ address: m, abi: VTOKEN, functionName: 'balanceOf', args: [agent] });
      const rate = (await client.simulateContract({ address: m, abi: VTOKEN, functionName: 'exchangeRateCurrent', account: agent })).result;
      collateral += (((vTokens * rate) / one) * price) / one;
    }
  }
  const roomUsd = (collateral * 100n) / BigInt(PARAMS.ratio) - debt;
  const price = await client.readContract({ address: d.venus_oracle, abi: ORACLE, functionName: 'getUnderlyingPrice', args: [d.vUSDT] });
  const amount = ((roomUsd * one) / price / one) * one;
  return { to: d.vUSDT, data: encodeFunctionData({ abi: VTOKEN, functionName: 'borrow', args: [amount] }) };
}
