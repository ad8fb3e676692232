import { json, returns, type MutantTable } from './types.ts';

const READER = (abi: string[]) =>
  `import { Contract, JsonRpcProvider, formatUnits } from 'ethers';\nconst read = (url: string, to: string, fn: string, args: unknown[]): Promise<bigint> => new Contract(to, ${json(abi)}, new JsonRpcProvider(url)).getFunction(fn)(...args);`;
const STAKING = READER([
  'function stakedOf(address) view returns (uint256)',
  'function totalStaked() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
]);
const POOL = READER([
  'function pendingReward(address) view returns (uint256)',
  'function stakedOf(address) view returns (uint256)',
  'function lastUpdate(address) view returns (uint256)',
]);

export const mutants: MutantTable = {
  query_staked_amount: [
    {
      kind: 'wrong_answer',
      name: 'answers in whole CAKE',
      script: ({ params }) =>
        returns(
          `return { answer: formatUnits(await read(providerUrl, deployedContracts.simple_staking!, 'stakedOf', [${json(params.address)}]), 18) };`,
          STAKING,
        ),
    },
    {
      kind: 'wrong_answer',
      name: "answers the contract's total stake",
      script: () =>
        returns(`return { answer: (await read(providerUrl, deployedContracts.simple_staking!, 'totalStaked', [])).toString() };`, STAKING),
    },
    {
      kind: 'wrong_answer',
      name: "answers the address's CAKE wallet balance",
      script: ({ params }) =>
        returns(
          `return { answer: (await read(providerUrl, deployedContracts.CAKE!, 'balanceOf', [${json(params.address)}])).toString() };`,
          STAKING,
        ),
    },
    {
      kind: 'wrong_answer',
      name: "answers the agent's own stake",
      script: () =>
        returns(
          `return { answer: (await read(providerUrl, deployedContracts.simple_staking!, 'stakedOf', [agentAddress])).toString() };`,
          STAKING,
        ),
    },
  ],
  query_pending_rewards: [
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
  ],
};
