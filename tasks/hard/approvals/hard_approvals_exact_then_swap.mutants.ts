import { maxUint256, parseUnits } from 'viem';
import { submit, type ScriptRound } from '../../../src/composite/reference.ts';
import { script } from '../../../src/composite/script.ts';
import { approve, swapExactTokens } from '../../../src/composite/skills.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'unlimited_approval',
    mechanism: { fails: ['no USDCet allowance is left to the router'] },
    name: 'approves the router for max uint256, then swaps',
    episode: (params, env) => ({
      plan: 'unlimited approve, then swap',
      rounds: [
        script(approve, { token: env.USDCet, spender: env.router, amount: maxUint256 }),
        script(swapExactTokens, { amountIn: parseUnits(params.amount, 6), path: [env.USDCet, env.USDT], slippage: params.slippage }),
        submit(),
      ],
    }),
  },
  {
    kind: 'wrong_decimals',
    name: 'approves the amount in 18 decimals, swaps it in 6',
    episode: (params, env) => ({
      plan: 'approve with parseEther, then swap',
      rounds: [
        script(approve, { token: env.USDCet, spender: env.router, amount: parseUnits(params.amount, 18) }),
        script(swapExactTokens, { amountIn: parseUnits(params.amount, 6), path: [env.USDCet, env.USDT], slippage: params.slippage }),
        submit(),
      ],
    }),
  },
  {
    kind: 'wrong_decimals',
    name: 'approves and swaps the amount in 18 decimals',
    episode: (params, env) => ({
      plan: 'approve and swap with parseEther',
      rounds: [
        script(approve, { token: env.USDCet, spender: env.router, amount: parseUnits(params.amount, 18) }),
        script(swapExactTokens, { amountIn: parseUnits(params.amount, 18), path: [env.USDCet, env.USDT], slippage: params.slippage }),
        submit(),
      ],
    }),
  },
];
