import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { ABI } from './_mutant-helpers.ts';

/** The folder's ABI and `usdtUnits(x)`: x whole USDT in the token's own decimals, read from the token. */
const WITH_DECIMALS = `${ABI}
import { Contract, JsonRpcProvider } from 'ethers';
async function usdtUnits(providerUrl: string, token: string, whole: string): Promise<bigint> {
  const t = new Contract(token, ['function decimals() view returns (uint8)'], new JsonRpcProvider(providerUrl));
  return parseUnits(whole, Number(await t.getFunction('decimals')()));
}`;

export const mutants: Mutant[] = [
  {
    kind: 'wrong_amount',
    name: 'borrows ten times the amount',
    script: ({ params }) =>
      returns(
        `const amount = await usdtUnits(providerUrl, deployedContracts.USDT, ${json(params.amount)}); return { to: ${json(params.lender)}, data: abi.encodeFunctionData('flashLoan', [deployedContracts.USDT, amount * 10n]) };`,
        WITH_DECIMALS,
      ),
  },
  // Right on Base, whose USDC has 6 decimals: a mistake on BSC, where USDT has 18.
  {
    kind: 'wrong_amount',
    name: 'amount with 6 decimals',
    chains: ['bsc'],
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.lender)}, data: abi.encodeFunctionData('flashLoan', [deployedContracts.USDT, parseUnits(${json(params.amount)}, 6)]) };`,
        ABI,
      ),
  },
  // Right on BSC, whose USDT has 18 decimals: on Base it asks for 10^12 times the loan, more than the lender holds.
  {
    kind: 'wrong_amount',
    name: 'amount with 18 decimals for the 6-decimal USDC',
    chains: ['base'],
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.lender)}, data: abi.encodeFunctionData('flashLoan', [deployedContracts.USDT, parseEther(${json(params.amount)})]) };`,
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
        `const amount = await usdtUnits(providerUrl, deployedContracts.USDT, ${json(params.amount)}); return { to: deployedContracts.USDT, data: abi.encodeFunctionData('transfer', [${json(params.lender)}, amount * 30n / 10000n]) };`,
        WITH_DECIMALS,
      ),
  },
  {
    kind: 'no_op',
    name: 'sends a transaction calling the fee() getter',
    script: ({ params }) =>
      returns(`return { to: ${json(params.lender)}, data: abi.encodeFunctionData('fee', [parseEther(${json(params.amount)})]) };`, ABI),
  },
];
