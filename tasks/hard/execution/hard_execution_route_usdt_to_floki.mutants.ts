import { editedReference, type Edit } from '../../../test/helpers/reference-edit.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';
import { routeMutants } from './_route-mutants.ts';

const ID = 'hard_execution_route_usdt_to_floki';
const edit = (...edits: Edit[]) => editedReference('execution', ID, edits);

export const mutants: HardMutant[] = [
  ...routeMutants(edit),
  {
    kind: 'wrong_fee_tier',
    quality: 'between',
    name: 'the second-cheapest route: USDT/WBNB at 500 (its deepest tier), then WBNB/FLOKI at 2500',
    script: edit(['const candidates = routes;', "const candidates = routes.filter((r) => r.fees.join() === '500,2500');"]),
  },
  {
    kind: 'wrong_fee_tier',
    quality: 'between',
    name: 'the right FLOKI pool, but USDT → WBNB in the 0.25 % tier',
    script: edit(['const candidates = routes;', "const candidates = routes.filter((r) => r.fees.join() === '2500,2500');"]),
  },
];
