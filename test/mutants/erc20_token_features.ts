import { json, returns, type MutantTable } from './types.ts';

const OTHER = '0x000000000000000000000000000000000000dEaD';
const ZERO = '0x0000000000000000000000000000000000000000';
const ETHERS = "import { Interface, MaxUint256, parseUnits, Signature } from 'ethers';";
const QST = `${ETHERS}
const qst = new Interface([
  'function transfer(address,uint256)',
  'function approve(address,uint256)',
  'function burn(uint256)',
  'function transferFrom(address,address,uint256)',
  'function transferAndCall(address,uint256)',
  'function approveAndCall(address,uint256)',
  'function permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
]);`;

export const mutants: MutantTable = {
  erc20_burn: [
    {
      kind: 'wrong_function',
      name: 'sends to a dead address instead of burning',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.token)}, data: qst.encodeFunctionData('transfer', [${json(OTHER)}, parseUnits(${json(params.amount)}, 18)]) };`,
          QST,
        ),
    },
    {
      kind: 'reverted',
      name: 'transfers to the zero address',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.token)}, data: qst.encodeFunctionData('transfer', [${json(ZERO)}, parseUnits(${json(params.amount)}, 18)]) };`,
          QST,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'burns the amount with 6 decimals',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.token)}, data: qst.encodeFunctionData('burn', [parseUnits(${json(params.amount)}, 6)]) };`,
          QST,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'burns ten times the amount',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.token)}, data: qst.encodeFunctionData('burn', [parseUnits(${json(params.amount)}, 18) * 10n]) };`,
          QST,
        ),
    },
  ],
  erc20_permit: [
    {
      kind: 'wrong_function',
      name: "approves from the agent's own wallet",
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.token)}, data: qst.encodeFunctionData('approve', [${json(params.spender)}, parseUnits(${json(params.value)}, 18)]) };`,
          QST,
        ),
    },
    {
      kind: 'wrong_function',
      name: 'approveAndCall from the agent instead of the permit',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.token)}, data: qst.encodeFunctionData('approveAndCall', [${json(params.spender)}, parseUnits(${json(params.value)}, 18)]) };`,
          QST,
        ),
    },
    {
      kind: 'reverted',
      name: 'permit with the value in 6 decimals (signature does not match)',
      script: ({ params }) =>
        returns(
          `const sig = Signature.from(${json(params.signature)}); return { to: ${json(params.token)}, data: qst.encodeFunctionData('permit', [${json(params.owner)}, ${json(params.spender)}, parseUnits(${json(params.value)}, 6), ${json(params.deadline)}, sig.v, sig.r, sig.s]) };`,
          QST,
        ),
    },
    {
      kind: 'reverted',
      name: 'permit with v as the 0/1 parity bit',
      script: ({ params }) =>
        returns(
          `const sig = Signature.from(${json(params.signature)}); return { to: ${json(params.token)}, data: qst.encodeFunctionData('permit', [${json(params.owner)}, ${json(params.spender)}, parseUnits(${json(params.value)}, 18), ${json(params.deadline)}, sig.yParity, sig.r, sig.s]) };`,
          QST,
        ),
    },
    {
      kind: 'reverted',
      name: 'permit with owner and spender swapped',
      script: ({ params }) =>
        returns(
          `const sig = Signature.from(${json(params.signature)}); return { to: ${json(params.token)}, data: qst.encodeFunctionData('permit', [${json(params.spender)}, ${json(params.owner)}, parseUnits(${json(params.value)}, 18), ${json(params.deadline)}, sig.v, sig.r, sig.s]) };`,
          QST,
        ),
    },
  ],
  erc20_transferfrom_basic: [
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
  ],
  erc20_transfer_with_callback_1363: [
    {
      kind: 'wrong_function',
      name: 'plain transfer, receiver not notified',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.token)}, data: qst.encodeFunctionData('transfer', [${json(params.to)}, parseUnits(${json(params.amount)}, 18)]) };`,
          QST,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'ten times the amount',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.token)}, data: qst.encodeFunctionData('transferAndCall', [${json(params.to)}, parseUnits(${json(params.amount)}, 19)]) };`,
          QST,
        ),
    },
    {
      kind: 'wrong_recipient',
      name: 'pays a different address',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.token)}, data: qst.encodeFunctionData('transferAndCall', [${json(OTHER)}, parseUnits(${json(params.amount)}, 18)]) };`,
          QST,
        ),
    },
    {
      kind: 'wrong_token',
      name: 'calls transferAndCall on USDT',
      script: ({ params }) =>
        returns(
          `return { to: deployedContracts.USDT, data: qst.encodeFunctionData('transferAndCall', [${json(params.to)}, parseUnits(${json(params.amount)}, 18)]) };`,
          QST,
        ),
    },
  ],
  erc20_approve_and_call_1363: [
    {
      kind: 'wrong_function',
      name: 'plain approve, spender not notified',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.token)}, data: qst.encodeFunctionData('approve', [${json(params.spender)}, parseUnits(${json(params.amount)}, 18)]) };`,
          QST,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'unlimited approveAndCall',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.token)}, data: qst.encodeFunctionData('approveAndCall', [${json(params.spender)}, MaxUint256]) };`,
          QST,
        ),
    },
    {
      kind: 'wrong_recipient',
      name: 'approves a different spender',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.token)}, data: qst.encodeFunctionData('approveAndCall', [${json(OTHER)}, parseUnits(${json(params.amount)}, 18)]) };`,
          QST,
        ),
    },
    {
      kind: 'wrong_function',
      name: 'transferAndCall to the spender (it rejects the transfer hook)',
      script: ({ params }) =>
        returns(
          `return { to: ${json(params.token)}, data: qst.encodeFunctionData('transferAndCall', [${json(params.spender)}, parseUnits(${json(params.amount)}, 18)]) };`,
          QST,
        ),
    },
  ],
};
