import { parseEther } from 'ethers';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'bnb_transfer_to_contract'>;

export async function executeSkill(
  _providerUrl: string,
  _agentAddress: string,
  deployedContracts: TaskContracts<'bnb_transfer_to_contract'>,
) {
  // No calldata: a bare value transfer lands in WBNB's receive(), which wraps it.
  return { to: deployedContracts.WBNB, value: parseEther(PARAMS.amount) };
}
