import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { ERC20 } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_recipient',
    name: 'pays a different address',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('transfer', [${json(BURN_ADDRESS)}, parseUnits(${json(params.amount)}, 18)]) };`,
        ERC20,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'amount with 6 decimals',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('transfer', [${json(params.to)}, parseUnits(${json(params.amount)}, 6)]) };`,
        ERC20,
      ),
  },
  {
    kind: 'wrong_function',
    name: 'approves instead of transferring',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('approve', [${json(params.to)}, parseUnits(${json(params.amount)}, 18)]) };`,
        ERC20,
      ),
  },
  {
    kind: 'wrong_token',
    name: 'sends WBNB instead',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.WBNB, data: erc20.encodeFunctionData('transfer', [${json(params.to)}, parseUnits(${json(params.amount)}, 18)]) };`,
        ERC20,
      ),
  },
];
