import { parseUnits } from 'viem';
import { approve, script, submit, swapExactTokens, type ScriptRound } from '../../../src/composite/reference.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';

/** Approve exactly, then sell with the given slippage (100: no minimum at all). */
const approveThenSell =
  (slippage: (requested: number) => number, approved: (amount: bigint) => bigint = (a) => a) =>
  (p: Record<string, any>, env: Record<string, any>) => {
    const amount = parseUnits(p.amount, 18);
    return {
      plan: 'approve, then swap',
      rounds: [
        script(approve, { token: p.token.address, spender: env.router, amount: approved(amount) }),
        script(swapExactTokens, { amountIn: amount, path: [p.token.address, env.USDT], slippage: slippage(p.slippage) }),
        submit(),
      ],
    };
  };

export const mutants: HardMutant<ScriptRound>[] = [
  {
    mechanism: {
      fails: [
        'amountOutMin is the quote less the requested slippage',
        'the wallet got at least the requested floor, or the swap reverted on its minimum and nothing moved',
      ],
    },
    kind: 'zero_minimum',
    name: 'amountOutMin 0',
    episode: approveThenSell(() => 100),
  },
  { kind: 'zero_minimum', name: 'a 50 % slippage allowance', episode: approveThenSell(() => 50) },
  {
    kind: 'unlimited_approval',
    name: 'an unlimited approval and a habitual 10 % tolerance',
    episode: approveThenSell(
      () => 10,
      () => 2n ** 256n - 1n,
    ),
  },
  {
    kind: 'skipped_step',
    name: 'swaps without approving (reverts for want of an allowance)',
    episode: (p, env) => ({
      plan: 'swap',
      rounds: [
        script(swapExactTokens, { amountIn: parseUnits(p.amount, 18), path: [p.token.address, env.USDT], slippage: p.slippage }),
        submit(),
      ],
    }),
  },
];
