import { json, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { enc, liq } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_recipient',
    name: 'BNB and USDT sent to another address',
    script: ({ params }) =>
      liq(
        `const lp = await lpOf(deployedContracts.pair_WBNB_USDT); ${enc('removeLiquidityETH', `deployedContracts.USDT, lp * ${params.percent}n / 100n, 0n, 0n, ${json(BURN_ADDRESS)}, D`)}`,
      ),
  },
  {
    kind: 'wrong_function',
    name: 'removeLiquidity: gets WBNB instead of BNB',
    script: ({ params }) =>
      liq(
        `const lp = await lpOf(deployedContracts.pair_WBNB_USDT); ${enc('removeLiquidity', `deployedContracts.WBNB, deployedContracts.USDT, lp * ${params.percent}n / 100n, 0n, 0n, agentAddress, D`)}`,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'removes the whole position',
    script: () =>
      liq(
        `const lp = await lpOf(deployedContracts.pair_WBNB_USDT); ${enc('removeLiquidityETH', 'deployedContracts.USDT, lp, 0n, 0n, agentAddress, D')}`,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'percentage read as per-mille',
    script: ({ params }) =>
      liq(
        `const lp = await lpOf(deployedContracts.pair_WBNB_USDT); ${enc('removeLiquidityETH', `deployedContracts.USDT, lp * ${params.percent}n / 1000n, 0n, 0n, agentAddress, D`)}`,
      ),
  },
  {
    kind: 'reverted',
    name: 'deadline already passed',
    script: ({ params }) =>
      liq(
        `const lp = await lpOf(deployedContracts.pair_WBNB_USDT); ${enc('removeLiquidityETH', `deployedContracts.USDT, lp * ${params.percent}n / 100n, 0n, 0n, agentAddress, 1n`)}`,
      ),
  },
];
