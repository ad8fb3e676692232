import { json, returns, type MutantTable } from './types.ts';

const ETHERS = "import { Interface, parseEther, parseUnits } from 'ethers';";
const ABI = `${ETHERS}
const abi = new Interface([
  'function increment()',
  'function count() view returns (uint256)',
  'function reset()',
  'function donate() payable',
  'function setMessage(string)',
  'function message() view returns (string)',
]);`;

export const mutants: MutantTable = {
  contract_call_simple: [
    {
      kind: 'no_op',
      name: 'sends a transaction calling the count() getter',
      script: ({ params }) => returns(`return { to: ${json(params.counter)}, data: abi.encodeFunctionData('count', []) };`, ABI),
    },
    {
      kind: 'reverted',
      name: 'calls the owner-only reset()',
      script: ({ params }) => returns(`return { to: ${json(params.counter)}, data: abi.encodeFunctionData('reset', []) };`, ABI),
    },
    {
      kind: 'no_op',
      name: 'empty calldata to the counter',
      script: ({ params }) => returns(`return { to: ${json(params.counter)}, data: '0x' };`),
    },
    {
      kind: 'wrong_target',
      name: 'increment() on the proxy',
      script: () => returns(`return { to: deployedContracts.proxy, data: abi.encodeFunctionData('increment', []) };`, ABI),
    },
  ],
  contract_call_with_value: [
    {
      kind: 'wrong_amount',
      name: 'value in gwei instead of BNB',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.box)}, data: abi.encodeFunctionData('donate', []), value: parseUnits(${json(params.amount)}, 9) };`,
          ABI,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'ten times the amount',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.box)}, data: abi.encodeFunctionData('donate', []), value: parseEther(${json(params.amount)}) * 10n };`,
          ABI,
        ),
    },
    {
      kind: 'wrong_function',
      name: 'plain BNB transfer without donate()',
      script: ({ params }) => returns(`return { to: ${json(params.box)}, value: parseEther(${json(params.amount)}) };`, ABI),
    },
    {
      kind: 'reverted',
      name: 'donate() without value',
      script: ({ params }) => returns(`return { to: ${json(params.box)}, data: abi.encodeFunctionData('donate', []) };`, ABI),
    },
  ],
  contract_call_with_params: [
    {
      kind: 'wrong_amount',
      name: 'message wrapped in quotes',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.board)}, data: abi.encodeFunctionData('setMessage', [${json(JSON.stringify(params.message))}]) };`,
          ABI,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'message in upper case',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.board)}, data: abi.encodeFunctionData('setMessage', [${json(String(params.message).toUpperCase())}]) };`,
          ABI,
        ),
    },
    {
      kind: 'no_op',
      name: 'sends a transaction calling the message() getter',
      script: ({ params }) => returns(`return { to: ${json(params.board)}, data: abi.encodeFunctionData('message', []) };`, ABI),
    },
    {
      kind: 'wrong_target',
      name: 'setMessage sent to the counter',
      script: ({ params }) =>
        returns(
          `return { to: deployedContracts.simple_counter, data: abi.encodeFunctionData('setMessage', [${json(params.message)}]) };`,
          ABI,
        ),
    },
  ],
};
