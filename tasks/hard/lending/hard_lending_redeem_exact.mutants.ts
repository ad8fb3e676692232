import { json, returns, type HardMutant } from '../../../src/tasks/mutants.ts';

const VIEM = "import { encodeFunctionData, parseAbi, parseUnits, maxUint256 } from 'viem';";

const VTOKEN =
  "const vt = parseAbi(['function redeem(uint256) returns (uint256)', 'function redeemUnderlying(uint256) returns (uint256)', 'function borrow(uint256) returns (uint256)', 'function repayBorrow(uint256) returns (uint256)', 'function mint(uint256) returns (uint256)']);";

/** A single call on a vToken, with its argument as a literal expression. */
const vcall = (to: string, fn: string, arg: string) =>
  returns(`${VTOKEN}\nreturn { to: ${json(to)}, data: encodeFunctionData({ abi: vt, functionName: ${json(fn)}, args: [${arg}] }) };`, VIEM);

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_function',
    mechanism: { fails: ['the wallet received exactly the BNB asked for', 'the Venus supply fell by that amount and no more'] },
    name: 'redeem() with the BNB amount in vToken units (8 decimals)',
    script: ({ params, env }) => vcall(env.vBNB, 'redeem', `parseUnits(${json(params.amount)}, 8)`),
  },
  {
    kind: 'wrong_function',
    name: 'redeem() with the BNB amount in 18 decimals (more vTokens than held)',
    script: ({ params, env }) => vcall(env.vBNB, 'redeem', `parseUnits(${json(params.amount)}, 18)`),
  },
  { kind: 'wrong_amount', name: 'redeems the whole supply', script: ({ env }) => vcall(env.vBNB, 'redeem', `100n * 10n ** 8n`) },
];
