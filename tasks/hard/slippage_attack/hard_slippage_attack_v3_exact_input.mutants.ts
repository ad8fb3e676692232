import type { HardMutant } from '../../../src/tasks/mutants.ts';
import { edit } from './_mutant-helpers.ts';

const V3_BUY = 'hard_slippage_attack_v3_exact_input';

const V3_BUY_MIN = 'const minimum = (quote * BigInt(100 - PARAMS.slippage)) / 100n;';

export const mutants: HardMutant[] = [
  {
    mechanism: {
      fails: [
        'amountOutMinimum is the quote less the requested slippage',
        'the wallet got at least the requested floor, or the swap reverted and cost nothing but gas',
      ],
    },
    kind: 'zero_minimum',
    name: 'amountOutMinimum 0',
    script: edit(V3_BUY, [V3_BUY_MIN, 'const minimum = 0n;']),
  },
  { kind: 'zero_minimum', name: 'a 50 % slippage allowance', script: edit(V3_BUY, [V3_BUY_MIN, 'const minimum = quote / 2n;']) },
  {
    kind: 'zero_minimum',
    name: 'a habitual 10 % tolerance instead of the requested one',
    script: edit(V3_BUY, [V3_BUY_MIN, 'const minimum = (quote * 90n) / 100n;']),
  },
];
