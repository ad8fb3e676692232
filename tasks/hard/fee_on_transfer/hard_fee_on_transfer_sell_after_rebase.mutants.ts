import { parseEther } from 'viem';
import { script, submit, swapExactTokens, type ScriptRound } from '../../../src/composite/reference.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';
import { sellSupporting } from './_mutant-helpers.ts';

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'skipped_step',
    name: 'sells with the standard function without syncing the pair',
    episode: (p, env) => ({
      plan: 'swapExactTokensForETH at the quote less the slippage',
      rounds: [
        script(swapExactTokens, { amountIn: parseEther(p.amount), path: [env.ORB, env.WBNB], slippage: p.slippage, forBnb: true }),
        submit(),
      ],
    }),
  },
  {
    kind: 'skipped_step',
    name: 'skips the sync and sells with the fee-on-transfer function, no minimum',
    episode: (p, env) => ({
      plan: 'swapExactTokensForETHSupportingFeeOnTransferTokens, no minimum',
      rounds: [script(sellSupporting, { token: env.ORB, amount: parseEther(p.amount), keep: 0 }), submit()],
    }),
  },
  {
    kind: 'skipped_step',
    mechanism: {
      fails: [
        'sold exactly the requested ORB',
        'received the BNB the ORB is worth at the synced reserves',
        "the sale's minimum is within the slippage of the synced quote",
        "the router's allowance was used up",
      ],
    },
    name: 'skips the sync and sells with the fee-on-transfer function at the stale quote',
    episode: (p, env) => ({
      plan: 'swapExactTokensForETHSupportingFeeOnTransferTokens at the quote less the slippage',
      rounds: [script(sellSupporting, { token: env.ORB, amount: parseEther(p.amount), keep: 100 - p.slippage }), submit()],
    }),
  },
];
