import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbiItem, type Address } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_poisoning_return_fake_token'>;

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

// What the sender sent is read from the Transfer logs of every contract: the token that moved is the
// log's address, whatever its symbol says.
export async function executeSkill(providerUrl: string, agent: Address) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const logs = await client.getLogs({ event: TRANSFER, args: { from: PARAMS.sender, to: agent }, fromBlock: 0n, toBlock: 'latest' });
  const sent = [];
  for (const log of logs) {
    const block = await client.getBlock({ blockNumber: log.blockNumber });
    if (new Date(Number(block.timestamp) * 1000).getUTCDate() === 3 && (log.args.value ?? 0n) > 0n) sent.push(log);
  }
  const [log] = sent;
  if (sent.length !== 1 || !log?.args.value)
    throw new Error(`expected one transfer from ${PARAMS.sender} on the 3rd, found ${sent.length}`);
  return {
    to: log.address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [PARAMS.sender, log.args.value] }),
  };
}
