import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { QST, readDecimals } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_function',
    name: "pays from the agent's own balance",
    script: ({ params }) =>
      returns(
        `${readDecimals('deployedContracts.USDT')}\nreturn { to: deployedContracts.USDT, data: qst.encodeFunctionData('transfer', [${json(params.to)}, parseUnits(${json(params.amount)}, dec)]) };`,
        QST,
      ),
  },
  {
    kind: 'wrong_recipient',
    name: 'pulls the tokens to the agent',
    script: ({ params }) =>
      returns(
        `${readDecimals('deployedContracts.USDT')}\nreturn { to: deployedContracts.USDT, data: qst.encodeFunctionData('transferFrom', [${json(params.from)}, agentAddress, parseUnits(${json(params.amount)}, dec)]) };`,
        QST,
      ),
  },
  {
    // Wrong for BSC's 18-decimal USDT; the right units of the 6-decimal USDC playing it on Base.
    kind: 'wrong_amount',
    name: 'amount with 6 decimals',
    chains: ['bsc'],
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.USDT, data: qst.encodeFunctionData('transferFrom', [${json(params.from)}, ${json(params.to)}, parseUnits(${json(params.amount)}, 6)]) };`,
        QST,
      ),
  },
  {
    // BSC's USDT has 18 decimals: right there; on Base it asks for 10^12 times the amount of USDC (reverts).
    kind: 'wrong_amount',
    name: "amount with 18 decimals (BSC's USDT)",
    chains: ['base'],
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.USDT, data: qst.encodeFunctionData('transferFrom', [${json(params.from)}, ${json(params.to)}, parseUnits(${json(params.amount)}, 18)]) };`,
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
