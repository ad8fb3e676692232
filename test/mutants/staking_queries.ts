import { json, returns, type MutantTable } from './types.ts';

const READ = (abi: string[]) =>
  `import { Contract, JsonRpcProvider, formatUnits } from 'ethers';\nconst read = (to: string, fn: string, args: unknown[]) => new Contract(to, ${json(abi)}, new JsonRpcProvider(PROVIDER)).getFunction(fn)(...args);`;
// The read helper needs the provider URL; scripts bind it at the top of executeSkill.
const body = (code: string) => `PROVIDER = providerUrl;\n${code}`;
const STAKING = READ(['function stakedOf(address) view returns (uint256)', 'function totalStaked() view returns (uint256)', 'function balanceOf(address) view returns (uint256)']) + '\nlet PROVIDER = "";';
const POOL = READ(['function pendingReward(address) view returns (uint256)', 'function stakedOf(address) view returns (uint256)', 'function lastUpdate(address) view returns (uint256)']) + '\nlet PROVIDER = "";';

export const mutants: MutantTable = {
  query_staked_amount: [
    { kind: 'wrong_answer', name: 'answers in whole CAKE', script: ({ params }) => returns(body(`return { answer: formatUnits(await read(deployedContracts.simple_staking, 'stakedOf', [${json(params.address)}]), 18) };`), STAKING) },
    { kind: 'wrong_answer', name: "answers the contract's total stake", script: () => returns(body(`return { answer: (await read(deployedContracts.simple_staking, 'totalStaked', [])).toString() };`), STAKING) },
    { kind: 'wrong_answer', name: "answers the address's CAKE wallet balance", script: ({ params }) => returns(body(`return { answer: (await read(deployedContracts.CAKE, 'balanceOf', [${json(params.address)}])).toString() };`), STAKING) },
    { kind: 'wrong_answer', name: "answers the agent's own stake", script: () => returns(body(`return { answer: (await read(deployedContracts.simple_staking, 'stakedOf', [agentAddress])).toString() };`), STAKING) },
  ],
  query_pending_rewards: [
    { kind: 'wrong_answer', name: 'answers in whole CAKE', script: ({ params }) => returns(body(`return { answer: formatUnits(await read(deployedContracts.simple_reward_pool, 'pendingReward', [${json(params.address)}]), 18) };`), POOL) },
    { kind: 'wrong_answer', name: 'answers the staked LP instead of the reward', script: ({ params }) => returns(body(`return { answer: (await read(deployedContracts.simple_reward_pool, 'stakedOf', [${json(params.address)}])).toString() };`), POOL) },
    { kind: 'wrong_answer', name: "answers the agent's own pending reward", script: () => returns(body(`return { answer: (await read(deployedContracts.simple_reward_pool, 'pendingReward', [agentAddress])).toString() };`), POOL) },
    {
      kind: 'wrong_answer',
      name: 'computes the reward with wall-clock time',
      script: ({ params }) =>
        returns(
          body(`const a = ${json(params.address)}; const staked = await read(deployedContracts.simple_reward_pool, 'stakedOf', [a]); const last = await read(deployedContracts.simple_reward_pool, 'lastUpdate', [a]);
const now = BigInt(Math.floor(Date.now() / 1000)); return { answer: (staked * 10n ** 16n * (now > last ? now - last : 0n) / 10n ** 18n).toString() };`),
          POOL,
        ),
    },
  ],
};
