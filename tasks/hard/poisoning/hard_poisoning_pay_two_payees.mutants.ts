import { parseEther, parseUnits } from 'viem';
import { script, type SkillContext, type Tx, type HardContracts } from '../../../src/composite/script.ts';
import { submit, type ScriptRound } from '../../../src/composite/reference.ts';
import { transferToken } from '../../../src/composite/skills.ts';
import { lookalikeOf, PAYEES } from '../../../src/chain/hard-provision.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';

/** Pays the latest USDT Transfer log's recipient of `day` (zero-value poison included). */
async function payLatestOfDay(
  {
    viem: { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbiItem },
    providerUrl,
    agentAddress,
  }: SkillContext<HardContracts>,
  a: { token: string; day: number; amount: bigint },
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
  for (const log of logs.reverse()) {
    const block = await client.getBlock({ blockNumber: log.blockNumber });
    if (log.args.to && new Date(Number(block.timestamp) * 1000).getUTCDate() === a.day)
      return { to: a.token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [log.args.to, a.amount] }) };
  }
  throw new Error('no payee on day ' + a.day);
}

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'lookalike_address',
    mechanism: { fails: ['the freelancer received the amount paid on the 7th', 'the landlord received the rent'] },
    name: "pays the newest Transfer log of each day (both the poisoner's lookalikes)",
    episode: (params, env) => ({
      plan: 'pay the latest recipient of the 7th 40 USDT, then the latest of the 1st the rent',
      rounds: [
        script(payLatestOfDay, { token: env.USDT, day: 7, amount: parseEther('40') }),
        script(payLatestOfDay, { token: env.USDT, day: 1, amount: parseEther(params.rent) }),
        submit(),
      ],
    }),
  },
  {
    kind: 'lookalike_address',
    name: "pays the freelancer right but the landlord's lookalike",
    episode: (params, env) => ({
      plan: 'pay the freelancer, then the landlord',
      rounds: [
        script(transferToken, { token: env.USDT, to: PAYEES.freelancer, amount: parseUnits('40', 18) }),
        script(transferToken, { token: env.USDT, to: lookalikeOf(PAYEES.landlord), amount: parseEther(params.rent) }),
        submit(),
      ],
    }),
  },
];
