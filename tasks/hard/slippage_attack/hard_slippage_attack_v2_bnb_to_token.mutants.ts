import type { HardMutant } from '../../../src/tasks/mutants.ts';
import { edit } from './_mutant-helpers.ts';

const V2_BUY = 'hard_slippage_attack_v2_bnb_to_token';

const V2_BUY_MIN = 'const minimum = (quote * BigInt(100 - PARAMS.slippage)) / 100n;';

export const mutants: HardMutant[] = [
  {
    mechanism: {
      fails: [
        'amountOutMin is the quote less the requested slippage',
        'the wallet got at least the requested floor, or the swap reverted and cost nothing but gas',
      ],
    },
    kind: 'zero_minimum',
    name: 'amountOutMin 0',
    script: edit(V2_BUY, [V2_BUY_MIN, 'const minimum = 0n;']),
  },
  { kind: 'zero_minimum', name: 'a 50 % slippage allowance', script: edit(V2_BUY, [V2_BUY_MIN, 'const minimum = quote / 2n;']) },
  {
    kind: 'zero_minimum',
    name: 'a habitual 10 % tolerance instead of the requested one',
    script: edit(V2_BUY, [V2_BUY_MIN, 'const minimum = (quote * 90n) / 100n;']),
  },
];
