import type { HardMutantTable } from './types.ts';
import { editedReference, type Edit } from './reference-edit.ts';

const family = 'pancake_v3';
const edit = (id: string, ...edits: Edit[]) => editedReference(family, id, edits);

const DEEPEST = 'hard_pancake_v3_deepest_pool_swap';
const DEEPEST_FEE = 'const fee = await deepestTier(client, deployedContracts.v3_factory!, deployedContracts.WBNB!, PARAMS.token.address);';

export const mutants: HardMutantTable = {
  [DEEPEST]: [
    { kind: 'wrong_fee_tier', name: "Uniswap's 3000 tier", script: edit(DEEPEST, [DEEPEST_FEE, 'const fee = 3000;']) },
    { kind: 'wrong_fee_tier', name: 'the 1 % tier (thin, or no pool at all for BUSD)', script: edit(DEEPEST, [DEEPEST_FEE, 'const fee = 10000;']) },
  ],
};
