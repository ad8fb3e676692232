import { parseEther } from 'viem';
import {
  defineCompositeReference,
  script,
  submit,
  type SkillContext,
  type Tx,
  type HardEnv,
  type HardContracts,
} from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

/**
 * Pays the address the wallet paid `token` on day `day` of the month (UTC): `amount`, or what it paid
 * then. A payment is a non-zero Transfer in a transaction the wallet sent itself, which leaves out a
 * poisoner's zero-value transferFrom "from the wallet" to a lookalike.
 */
async function payPayeeOfDay(
  {
    viem: { createPublicClient, encodeFunctionData, erc20Abi, http, isAddressEqual, parseAbiItem },
    providerUrl,
    agentAddress,
  }: SkillContext<HardContracts>,
  a: { token: string; day: number; amount: bigint | null },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const event = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
  const logs = await client.getLogs({
    address: a.token as `0x${string}`,
    event,
    args: { from: agentAddress },
    fromBlock: 0n,
    toBlock: 'latest',
  });
  const found: { to: `0x${string}`; value: bigint }[] = [];
  for (const log of logs) {
    if (log.args.value === 0n) continue;
    const block = await client.getBlock({ blockNumber: log.blockNumber });
    const tx = await client.getTransaction({ hash: log.transactionHash });
    if (isAddressEqual(tx.from, agentAddress) && new Date(Number(block.timestamp) * 1000).getUTCDate() === a.day)
      if (log.args.to && log.args.value !== undefined) found.push({ to: log.args.to, value: log.args.value });
  }
  const [payment] = found;
  if (found.length !== 1 || !payment) throw new Error('expected one payment on day ' + a.day + ', found ' + found.length);
  const amount = a.amount ?? payment.value;
  return { to: a.token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [payment.to, amount] }) };
}

export default defineCompositeReference((params: TaskParams<'hard_poisoning_pay_two_payees'>, env: HardEnv) => ({
  plan: '1. Find the USDT payment the wallet itself sent on the 7th; pay that address the same amount.\n2. Find the one it sent on the 1st; pay that address the rent.\nThen submit.',
  rounds: [
    script(payPayeeOfDay, { token: env.USDT, day: 7, amount: null }),
    script(payPayeeOfDay, { token: env.USDT, day: 1, amount: parseEther(params.rent) }),
    submit(),
  ],
}));
