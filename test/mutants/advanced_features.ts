import { json, returns, type MutantTable } from './types.ts';

const ETHERS = "import { Interface, parseEther, parseUnits } from 'ethers';";
const ABI = `${ETHERS}
const abi = new Interface([
  'function donate() payable',
  'function setValue(uint256)',
  'function value() view returns (uint256)',
  'function flashLoan(address,uint256)',
  'function fee(uint256) view returns (uint256)',
  'function transfer(address,uint256)',
]);`;

export const mutants: MutantTable = {
  contract_payable_fallback: [
    {
      kind: 'wrong_amount',
      name: 'value in gwei instead of BNB',
      script: ({ params }) => returns(`return { to: ${json(params.receiver)}, value: parseUnits(${json(params.amount)}, 9) };`, ABI),
    },
    { kind: 'no_op', name: 'zero-value ping', script: ({ params }) => returns(`return { to: ${json(params.receiver)}, value: 0n };`) },
    {
      kind: 'wrong_target',
      name: 'pays the donation box instead',
      script: ({ params }) => returns(`return { to: deployedContracts.donation_box, value: parseEther(${json(params.amount)}) };`, ABI),
    },
    // Right amount through fallback() rather than receive(): only the empty-calldata check fails.
    {
      kind: 'wrong_function',
      name: 'calls donate() on the receiver (fallback path)',
      maxScore: 85,
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.receiver)}, data: abi.encodeFunctionData('donate', []), value: parseEther(${json(params.amount)}) };`,
          ABI,
        ),
    },
  ],
  contract_delegate_call: [
    {
      kind: 'wrong_target',
      name: 'setValue on the implementation',
      script: ({ params }) =>
        returns(`return { to: ${json(params.implementation)}, data: abi.encodeFunctionData('setValue', [${params.value}]) };`, ABI),
    },
    {
      kind: 'wrong_amount',
      name: 'value scaled by 1e18',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.proxy)}, data: abi.encodeFunctionData('setValue', [parseEther(String(${params.value}))]) };`,
          ABI,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'ten times the value',
      script: ({ params }) =>
        returns(`return { to: ${json(params.proxy)}, data: abi.encodeFunctionData('setValue', [${params.value} * 10]) };`, ABI),
    },
    {
      kind: 'no_op',
      name: 'sends a transaction calling the value() getter',
      script: ({ params }) => returns(`return { to: ${json(params.proxy)}, data: abi.encodeFunctionData('value', []) };`, ABI),
    },
  ],
  erc20_flashloan: [
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
  ],
};
