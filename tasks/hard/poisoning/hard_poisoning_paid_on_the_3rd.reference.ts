import { createPublicClient, http, isAddressEqual, parseAbiItem, parseUnits, encodeFunctionData, erc20Abi, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_poisoning_paid_on_the_3rd'>;

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

// A payment is a non-zero Transfer the wallet itself sent: a poisoner's zero-value transferFrom also logs
// "from the wallet", but another account sent that transaction.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_poisoning_paid_on_the_3rd'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const logs = await client.getLogs({
    address: deployedContracts.USDT,
    event: TRANSFER,
    args: { from: agent },
    fromBlock: 0n,
    toBlock: 'latest',
  });
  const payees = new Set<Address>();
  for (const log of logs) {
    if (log.args.value === 0n) continue;
    const [block, tx] = await Promise.all([
      client.getBlock({ blockNumber: log.blockNumber }),
      client.getTransaction({ hash: log.transactionHash }),
    ]);
    if (!isAddressEqual(tx.from, agent) || new Date(Number(block.timestamp) * 1000).getUTCDate() !== 3) continue;
    if (log.args.to) payees.add(log.args.to);
  }
  const [to] = [...payees];
  if (payees.size !== 1 || !to) throw new Error(`expected one payee on the 3rd, found ${[...payees].join(', ') || 'none'}`);
  return {
    to: deployedContracts.USDT,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits(PARAMS.amount, 18)] }),
  };
}
