import { parseUnits } from 'viem';
import { script, submit, transferToken, type ScriptRound } from '../../../src/composite/reference.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';

/** The three payments of hard_units_three_payments, each in the decimals the mutant believes. */
const threePayments = (decimals: [number, number, number], plan: string) => (p: Record<string, any>, env: Record<string, any>) => ({
  plan,
  rounds: [
    script(transferToken, { token: env.USDCet, to: p.to, amount: parseUnits(p.usdc, decimals[0]) }),
    script(transferToken, { token: env.WBTC, to: p.to, amount: parseUnits(p.wbtc, decimals[1]) }),
    script(transferToken, { token: env.FLOKI, to: p.to, amount: parseUnits(p.floki, decimals[2]) }),
    submit(),
  ],
});

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'wrong_decimals',
    name: 'pays all three in 18 decimals',
    episode: threePayments([18, 18, 18], 'Three transfers, amounts in wei.'),
  },
  {
    kind: 'wrong_decimals',
    mechanism: {
      fails: [
        'the recipient received exactly the WBTC',
        'the recipient received exactly the FLOKI',
        'the wallet paid exactly the three amounts',
      ],
    },
    name: "keeps the stablecoin's 6 decimals for all three",
    episode: threePayments([6, 6, 6], 'Three transfers, 6-decimal amounts.'),
  },
  {
    kind: 'wrong_decimals',
    name: 'gets the USDC right, then assumes 18 for the rest',
    episode: threePayments([6, 18, 18], 'USDCet in 6 decimals, the others in 18.'),
  },
];
