import { encodeFunctionData, parseAbi, parseEther } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_lending_redeem_exact'>;

// redeemUnderlying takes the BNB amount; redeem would take vTokens.
export async function executeSkill(_providerUrl: string, _agent: string, deployedContracts: TaskContracts<'hard_lending_redeem_exact'>) {
  const abi = parseAbi(['function redeemUnderlying(uint256 redeemAmount) returns (uint256)']);
  return {
    to: deployedContracts.vBNB,
    data: encodeFunctionData({ abi, functionName: 'redeemUnderlying', args: [parseEther(PARAMS.amount)] }),
  };
}
