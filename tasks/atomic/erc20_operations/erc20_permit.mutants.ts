import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { QST } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
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
];
