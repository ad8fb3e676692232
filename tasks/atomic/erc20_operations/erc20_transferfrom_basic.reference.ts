import { Contract, JsonRpcProvider, parseUnits } from 'ethers';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'erc20_transferfrom_basic'>;

export async function executeSkill(
  providerUrl: string,
  agentAddress: string,
  deployedContracts: TaskContracts<'erc20_transferfrom_basic'>,
) {
  const usdt = new Contract(
    deployedContracts.USDT,
    [
      'function decimals() view returns (uint8)',
      'function allowance(address owner, address spender) view returns (uint256)',
      'function transferFrom(address from, address to, uint256 amount) returns (bool)',
    ],
    new JsonRpcProvider(providerUrl),
  );
  // The amount in the token's own decimals (18 on BSC; USDC on Base has 6).
  const decimals: bigint = await usdt.getFunction('decimals')();
  const amount = parseUnits(PARAMS.amount, decimals);
  const allowed: bigint = await usdt.getFunction('allowance')(PARAMS.from, agentAddress);
  if (allowed < amount) throw new Error(`allowance ${allowed} is below ${amount}`);
  return { to: deployedContracts.USDT, data: usdt.interface.encodeFunctionData('transferFrom', [PARAMS.from, PARAMS.to, amount]) };
}
