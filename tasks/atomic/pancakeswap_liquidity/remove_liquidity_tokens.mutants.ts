import { json, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { enc, liq } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_recipient',
    name: 'USDT and BUSD sent to another address',
    script: ({ params }) =>
      liq(
        `const lp = await lpOf(deployedContracts.pair_USDT_BUSD); ${enc('removeLiquidity', `deployedContracts.USDT, deployedContracts.BUSD, lp * ${params.percent}n / 100n, 0n, 0n, ${json(BURN_ADDRESS)}, D`)}`,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'removes the whole position',
    script: () =>
      liq(
        `const lp = await lpOf(deployedContracts.pair_USDT_BUSD); ${enc('removeLiquidity', 'deployedContracts.USDT, deployedContracts.BUSD, lp, 0n, 0n, agentAddress, D')}`,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'percentage of one LP token instead of the balance',
    script: ({ params }) =>
      liq(
        enc(
          'removeLiquidity',
          `deployedContracts.USDT, deployedContracts.BUSD, parseUnits("1", 18) * ${params.percent}n / 100n, 0n, 0n, agentAddress, D`,
        ),
      ),
  },
  {
    kind: 'wrong_token',
    name: 'removes from the WBNB/USDT pool instead',
    script: ({ params }) =>
      liq(
        `const lp = await lpOf(deployedContracts.pair_WBNB_USDT); ${enc('removeLiquidity', `deployedContracts.WBNB, deployedContracts.USDT, lp * ${params.percent}n / 100n, 0n, 0n, agentAddress, D`)}`,
      ),
  },
];
