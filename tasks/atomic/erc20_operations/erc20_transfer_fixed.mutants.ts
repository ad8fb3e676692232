import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { bscAddressOf, ERC20, readDecimals, WRONG_DEC } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_recipient',
    name: 'pays a different address',
    script: ({ params }) =>
      returns(
        `${readDecimals(json(params.token.address))}\nreturn { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('transfer', [${json(BURN_ADDRESS)}, parseUnits(${json(params.amount)}, dec)]) };`,
        ERC20,
      ),
  },
  {
    // 6 decimals on BSC (every token there has 18); 18 for Base's USDC.
    kind: 'wrong_amount',
    name: 'amount with 6 decimals (18 for a 6-decimal token)',
    script: ({ params }) =>
      returns(
        `${readDecimals(json(params.token.address))}\nreturn { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('transfer', [${json(params.to)}, parseUnits(${json(params.amount)}, ${WRONG_DEC})]) };`,
        ERC20,
      ),
  },
  {
    kind: 'wrong_function',
    name: 'approves instead of transferring',
    script: ({ params }) =>
      returns(
        `${readDecimals(json(params.token.address))}\nreturn { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('approve', [${json(params.to)}, parseUnits(${json(params.amount)}, dec)]) };`,
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
  {
    // The token's BSC mainnet address from memory: the right token on BSC, no token at all on Base.
    kind: 'wrong_token',
    name: "calls the token's BSC address",
    chains: ['base'],
    script: ({ params }) =>
      returns(
        `return { to: ${json(bscAddressOf(params.token.symbol))}, data: erc20.encodeFunctionData('transfer', [${json(params.to)}, parseUnits(${json(params.amount)}, 18)]) };`,
        ERC20,
      ),
  },
];
