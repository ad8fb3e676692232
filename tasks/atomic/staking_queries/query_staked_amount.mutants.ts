import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { READER } from './_mutant-helpers.ts';

const STAKING = READER([
  'function stakedOf(address) view returns (uint256)',
  'function totalStaked() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
]);

export const mutants: Mutant[] = [
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
];
