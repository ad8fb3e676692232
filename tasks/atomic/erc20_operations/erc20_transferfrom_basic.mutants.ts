import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { QST } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_function',
    name: "pays from the agent's own balance",
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.USDT, data: qst.encodeFunctionData('transfer', [${json(params.to)}, parseUnits(${json(params.amount)}, 18)]) };`,
        QST,
      ),
  },
  {
    kind: 'wrong_recipient',
    name: 'pulls the tokens to the agent',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.USDT, data: qst.encodeFunctionData('transferFrom', [${json(params.from)}, agentAddress, parseUnits(${json(params.amount)}, 18)]) };`,
        QST,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'amount with 6 decimals',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.USDT, data: qst.encodeFunctionData('transferFrom', [${json(params.from)}, ${json(params.to)}, parseUnits(${json(params.amount)}, 6)]) };`,
        QST,
      ),
  },
  {
    kind: 'wrong_token',
    name: 'transferFrom on BUSD',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.BUSD, data: qst.encodeFunctionData('transferFrom', [${json(params.from)}, ${json(params.to)}, parseUnits(${json(params.amount)}, 18)]) };`,
        QST,
      ),
  },
];
