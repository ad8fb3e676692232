import { editedReference, type Edit } from '../../../test/helpers/reference-edit.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';
import { routeMutants } from './_route-mutants.ts';

const ID = 'hard_execution_route_usdt_to_cake';
const edit = (...edits: Edit[]) => editedReference('execution', ID, edits);

export const mutants: HardMutant[] = [
  ...routeMutants(edit),
  {
    kind: 'wrong_fee_tier',
    quality: 'between',
    name: 'the second-cheapest route: through WBNB with USDT/WBNB at 500 (its deepest tier), then WBNB/CAKE at 500',
    script: edit(['const candidates = routes;', "const candidates = routes.filter((r) => r.fees.join() === '500,500');"]),
  },
  {
    kind: 'wrong_fee_tier',
    quality: 'between',
    name: 'the direct CAKE/USDT pool in its 0.05 % tier, not the hop',
    script: edit(['const candidates = routes;', 'const candidates = routes.filter((r) => r.tokens.length === 2 && r.fees[0] === 500);']),
  },
];
