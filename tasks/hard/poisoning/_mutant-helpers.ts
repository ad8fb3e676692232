// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.
import { ERC20_TRANSFER_IFACE, json, returns } from '../../../src/tasks/mutants.ts';

export const pay = (token: string, to: string, amount: string, decimals = 18) =>
  returns(
    `return { to: ${json(token)}, data: erc20.encodeFunctionData('transfer', [${json(to)}, parseUnits(${json(amount)}, ${decimals})]) };`,
    ERC20_TRANSFER_IFACE,
  );

// The habit: take the newest USDT Transfer log "from the wallet" (on a given day, or at all) as the payee,
// without asking whether the value was zero or who sent the transaction.
const NAIVE_LOGS = `import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbiItem, parseUnits } from 'viem';
const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
async function latestPayee(providerUrl, agent, usdt, day) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const logs = await client.getLogs({ address: usdt, event: TRANSFER, args: { from: agent }, fromBlock: 0n, toBlock: 'latest' });
  for (const log of logs.reverse()) {
    if (day === undefined) return log.args.to;
    const block = await client.getBlock({ blockNumber: log.blockNumber });
    if (new Date(Number(block.timestamp) * 1000).getUTCDate() === day) return log.args.to;
  }
  throw new Error('no payee');
}`;

export const naivePay = (day: number | undefined, amount: string) =>
  `${NAIVE_LOGS}
export async function executeSkill(providerUrl, agentAddress, deployedContracts) {
  const to = await latestPayee(providerUrl, agentAddress, deployedContracts.USDT, ${day === undefined ? 'undefined' : day});
  return { to: deployedContracts.USDT, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits(${json(amount)}, 18)] }) };
}`;
