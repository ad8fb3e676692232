import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { bscAddressOf, ERC20, readDecimals } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_amount',
    name: 'unlimited approval',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('approve', [${json(params.spender)}, 2n ** 256n - 1n]) };`,
        ERC20,
      ),
  },
  {
    kind: 'wrong_recipient',
    name: 'approves a different spender',
    script: ({ params }) =>
      returns(
        `${readDecimals(json(params.token.address))}\nreturn { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('approve', [${json(BURN_ADDRESS)}, parseUnits(${json(params.amount)}, dec)]) };`,
        ERC20,
      ),
  },
  {
    kind: 'wrong_function',
    name: 'transfers to the router instead',
    script: ({ params }) =>
      returns(
        `${readDecimals(json(params.token.address))}\nreturn { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('transfer', [${json(params.spender)}, parseUnits(${json(params.amount)}, dec)]) };`,
        ERC20,
      ),
  },
  {
    kind: 'wrong_token',
    name: 'approves on WBNB',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.WBNB, data: erc20.encodeFunctionData('approve', [${json(params.spender)}, parseUnits(${json(params.amount)}, 18)]) };`,
        ERC20,
      ),
  },
  {
    // The token's BSC mainnet address from memory: the right token on BSC, no token at all on Base.
    kind: 'wrong_token',
    name: "approves on the token's BSC address",
    chains: ['base'],
    script: ({ params }) =>
      returns(
        `return { to: ${json(bscAddressOf(params.token.symbol))}, data: erc20.encodeFunctionData('approve', [${json(params.spender)}, parseUnits(${json(params.amount)}, 18)]) };`,
        ERC20,
      ),
  },
];
