import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { READER } from './_mutant-helpers.ts';

const POOL = READER([
  'function pendingReward(address) view returns (uint256)',
  'function stakedOf(address) view returns (uint256)',
  'function lastUpdate(address) view returns (uint256)',
]);

export const mutants: Mutant[] = [
  {
    kind: 'wrong_answer',
    name: 'answers in whole CAKE',
    script: ({ params }) =>
      returns(
        `return { answer: formatUnits(await read(providerUrl, deployedContracts.simple_reward_pool!, 'pendingReward', [${json(params.address)}]), 18) };`,
        POOL,
      ),
  },
  {
    kind: 'wrong_answer',
    name: 'answers the staked LP instead of the reward',
    script: ({ params }) =>
      returns(
        `return { answer: (await read(providerUrl, deployedContracts.simple_reward_pool!, 'stakedOf', [${json(params.address)}])).toString() };`,
        POOL,
      ),
  },
  {
    kind: 'wrong_answer',
    name: "answers the agent's own pending reward",
    script: () =>
      returns(
        `return { answer: (await read(providerUrl, deployedContracts.simple_reward_pool!, 'pendingReward', [agentAddress])).toString() };`,
        POOL,
      ),
  },
  {
    kind: 'wrong_answer',
    name: "computes the reward at the next block's timestamp",
    script: ({ params }) =>
      returns(
        `const pool = deployedContracts.simple_reward_pool!; const a = ${json(params.address)};
const staked = await read(providerUrl, pool, 'stakedOf', [a]); const last = await read(providerUrl, pool, 'lastUpdate', [a]);
const head = await new JsonRpcProvider(providerUrl).getBlock('latest');
return { answer: ((staked * 10n ** 16n * (BigInt(head!.timestamp) + 3n - last)) / 10n ** 18n).toString() };`,
        POOL,
      ),
  },
];
