import { createPublicClient, encodeFunctionData, http, parseAbi, type Address } from 'viem';

type Params = { board: Address; message: string };
declare const PARAMS: Params;

const BOARD = parseAbi(['function setMessage(string newMessage)']);

export async function executeSkill(providerUrl: string, agentAddress: Address) {
  const data = encodeFunctionData({ abi: BOARD, functionName: 'setMessage', args: [PARAMS.message] });
  // A dry run catches a wrong address or ABI before anything is signed.
  await createPublicClient({ transport: http(providerUrl) }).call({ account: agentAddress, to: PARAMS.board, data });
  return { to: PARAMS.board, data };
}
