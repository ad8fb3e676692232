import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { ABI } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_amount',
    name: 'borrows ten times the amount',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.lender)}, data: abi.encodeFunctionData('flashLoan', [deployedContracts.USDT, parseUnits(${json(params.amount)}, 19)]) };`,
        ABI,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'amount with 6 decimals',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.lender)}, data: abi.encodeFunctionData('flashLoan', [deployedContracts.USDT, parseUnits(${json(params.amount)}, 6)]) };`,
        ABI,
      ),
  },
  {
    kind: 'wrong_token',
    name: 'borrows BUSD',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.lender)}, data: abi.encodeFunctionData('flashLoan', [deployedContracts.BUSD, parseEther(${json(params.amount)})]) };`,
        ABI,
      ),
  },
  {
    kind: 'wrong_target',
    name: 'pays the fee straight to the lender',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.USDT, data: abi.encodeFunctionData('transfer', [${json(params.lender)}, parseEther(${json(params.amount)}) * 30n / 10000n]) };`,
        ABI,
      ),
  },
  {
    kind: 'no_op',
    name: 'sends a transaction calling the fee() getter',
    script: ({ params }) =>
      returns(`return { to: ${json(params.lender)}, data: abi.encodeFunctionData('fee', [parseEther(${json(params.amount)})]) };`, ABI),
  },
];
