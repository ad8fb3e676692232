import { createPublicClient, encodeFunctionData, http, parseAbi, type Address } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'contract_call_with_params'>;

const BOARD = parseAbi(['function setMessage(string newMessage)']);

export async function executeSkill(providerUrl: string, agentAddress: Address) {
  const data = encodeFunctionData({ abi: BOARD, functionName: 'setMessage', args: [PARAMS.message] });
  // A dry run catches a wrong address or ABI before anything is signed.
  await createPublicClient({ transport: http(providerUrl) }).call({ account: agentAddress, to: PARAMS.board, data });
  return { to: PARAMS.board, data };
}
