import type { HardMutantTable } from './types.ts';
import { editedReference, type Edit } from './reference-edit.ts';

const family = 'slippage_attack';
const edit = (id: string, ...edits: Edit[]) => editedReference(family, id, edits);

const V2_BUY = 'hard_slippage_attack_v2_bnb_to_token';
const V2_BUY_MIN = 'const minimum = (quote * BigInt(100 - PARAMS.slippage)) / 100n;';

export const mutants: HardMutantTable = {
  [V2_BUY]: [
    { kind: 'zero_minimum', name: 'amountOutMin 0', script: edit(V2_BUY, [V2_BUY_MIN, 'const minimum = 0n;']) },
    { kind: 'zero_minimum', name: 'a 50 % slippage allowance', script: edit(V2_BUY, [V2_BUY_MIN, 'const minimum = quote / 2n;']) },
    { kind: 'zero_minimum', name: 'a habitual 10 % tolerance instead of the requested one', script: edit(V2_BUY, [V2_BUY_MIN, 'const minimum = (quote * 90n) / 100n;']) },
  ],
};

const V2_SELL = 'hard_slippage_attack_v2_token_to_bnb';
const V2_SELL_MIN = 'const minimum = (quote * BigInt(100 - PARAMS.slippage)) / 100n;';

mutants[V2_SELL] = [
  { kind: 'zero_minimum', name: 'amountOutMin 0', script: edit(V2_SELL, [V2_SELL_MIN, 'const minimum = 0n;']) },
  { kind: 'zero_minimum', name: 'a 50 % slippage allowance', script: edit(V2_SELL, [V2_SELL_MIN, 'const minimum = quote / 2n;']) },
  { kind: 'zero_minimum', name: 'a habitual 10 % tolerance instead of the requested one', script: edit(V2_SELL, [V2_SELL_MIN, 'const minimum = (quote * 90n) / 100n;']) },
];

const V3_BUY = 'hard_slippage_attack_v3_exact_input';
const V3_BUY_MIN = 'const minimum = (quote * BigInt(100 - PARAMS.slippage)) / 100n;';

mutants[V3_BUY] = [
  { kind: 'zero_minimum', name: 'amountOutMinimum 0', script: edit(V3_BUY, [V3_BUY_MIN, 'const minimum = 0n;']) },
  { kind: 'zero_minimum', name: 'a 50 % slippage allowance', script: edit(V3_BUY, [V3_BUY_MIN, 'const minimum = quote / 2n;']) },
  { kind: 'zero_minimum', name: 'a habitual 10 % tolerance instead of the requested one', script: edit(V3_BUY, [V3_BUY_MIN, 'const minimum = (quote * 90n) / 100n;']) },
];
