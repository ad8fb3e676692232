import type { HardMutant } from '../../../src/tasks/mutants.ts';
import { edit } from './_mutant-helpers.ts';

const DEEPEST = 'hard_pancake_v3_deepest_pool_swap';

const DEEPEST_FEE = 'const fee = await deepestTier(client, deployedContracts.v3_factory, deployedContracts.WBNB, PARAMS.token.address);';

export const mutants: HardMutant[] = [
  { kind: 'wrong_fee_tier', name: "Uniswap's 3000 tier", script: edit(DEEPEST, [DEEPEST_FEE, 'const fee = 3000;']) },
  {
    kind: 'wrong_fee_tier',
    mechanism: {
      fails: [
        'one exactInputSingle of the BNB (as WBNB) for the token in the deepest tier, to the wallet',
        "received exactly the quoter's amount for the deepest pool",
        'amountOutMinimum is the quote less the requested slippage',
      ],
    },
    name: 'the 1 % tier (thin, or no pool at all for BUSD)',
    script: edit(DEEPEST, [DEEPEST_FEE, 'const fee = 10000;']),
  },
];
