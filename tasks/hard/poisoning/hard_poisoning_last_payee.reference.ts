import { createPublicClient, encodeFunctionData, erc20Abi, http, isAddressEqual, parseAbiItem, parseUnits, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_poisoning_last_payee'>;

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

// The wallet's payments are the non-zero Transfers in transactions it sent itself; a poisoner's later
// zero-value transferFrom logs "from the wallet" too, but was sent by another account.
export async function executeSkill(providerUrl: string, agent: Address, deployedContracts: TaskContracts<'hard_poisoning_last_payee'>) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const logs = await client.getLogs({
    address: deployedContracts.USDT,
    event: TRANSFER,
    args: { from: agent },
    fromBlock: 0n,
    toBlock: 'latest',
  });
  for (const log of logs.reverse()) {
    const { to, value } = log.args;
    if (value === 0n || !to) continue;
    const tx = await client.getTransaction({ hash: log.transactionHash });
    if (!isAddressEqual(tx.from, agent)) continue;
    return {
      to: deployedContracts.USDT,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits(PARAMS.amount, 18)] }),
    };
  }
  throw new Error('the wallet has paid no one in USDT');
}
