import type { HardMutant } from '../../../src/tasks/mutants.ts';
import { edit } from './_mutant-helpers.ts';

const MULTIHOP = 'hard_pancake_v3_multihop_exact_input';

const MULTIHOP_PATH =
  "const path = encodePacked(['address', 'uint24', 'address', 'uint24', 'address'], [deployedContracts.CAKE, FIRST_HOP_FEE, deployedContracts.WBNB, PARAMS.out.fee, PARAMS.out.address]);";

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_fee_tier',
    name: "Uniswap's 3000 tier on both hops",
    script: edit(MULTIHOP, [MULTIHOP_PATH, MULTIHOP_PATH.replace('FIRST_HOP_FEE', '3000').replace('PARAMS.out.fee', '3000')]),
  },
  {
    kind: 'wrong_fee_tier',
    mechanism: {
      fails: [
        'one exactInput along CAKE -(0.25 %)- WBNB -(the named tier)- token, of exactly the CAKE, to the wallet',
        "received exactly the quoter's amount for the named path",
      ],
    },
    name: 'the 0.05 % tier on both hops',
    script: edit(MULTIHOP, [MULTIHOP_PATH, MULTIHOP_PATH.replace('FIRST_HOP_FEE', '500').replace('PARAMS.out.fee', '500')]),
  },
  {
    kind: 'wrong_function',
    name: 'the path written in exactOutput order (tokenOut first)',
    script: edit(MULTIHOP, [
      MULTIHOP_PATH,
      "const path = encodePacked(['address', 'uint24', 'address', 'uint24', 'address'], [PARAMS.out.address, PARAMS.out.fee, deployedContracts.WBNB, FIRST_HOP_FEE, deployedContracts.CAKE]);",
    ]),
  },
];
