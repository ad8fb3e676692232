import { json, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { enc, liq } from './_mutant-helpers.ts';

/** Scales an amount expression down to its slippage minimum. */
const pct = (slippage: number) => `* ${100 - slippage}n / 100n`;

type P = Record<string, any>;

const addTokens = (p: P, o: { other?: string; decimals?: number; to?: string; zeroMins?: boolean } = {}) => {
  const amt = `parseUnits(${json(p.amount)}, ${o.decimals ?? 18})`;
  const min = o.zeroMins ? '0n' : `${amt} ${pct(p.slippage)}`;
  return liq(
    enc(
      'addLiquidity',
      `deployedContracts.USDT, ${o.other ?? 'deployedContracts.BUSD'}, ${amt}, ${amt}, ${min}, ${min}, ${o.to ?? 'agentAddress'}, D`,
    ),
  );
};

export const mutants: Mutant[] = [
  {
    kind: 'wrong_recipient',
    name: 'LP tokens minted to another address',
    script: ({ params }) => addTokens(params, { to: json(BURN_ADDRESS) }),
  },
  { kind: 'wrong_amount', name: 'amounts with 6 decimals', script: ({ params }) => addTokens(params, { decimals: 6 }) },
  {
    kind: 'wrong_token',
    name: 'pairs USDT with CAKE instead of BUSD',
    script: ({ params }) => addTokens(params, { other: 'deployedContracts.CAKE', zeroMins: true }),
  },
  {
    kind: 'wrong_function',
    name: 'adds USDT with BNB through addLiquidityETH',
    script: ({ params }) =>
      liq(
        enc(
          'addLiquidityETH',
          `deployedContracts.USDT, parseUnits(${json(params.amount)}, 18), 0n, 0n, agentAddress, D`,
          `parseUnits(${json(params.amount)}, 18) / 600n`,
        ),
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'no slippage protection (minimums 0)',
    maxScore: 85,
    script: ({ params }) => addTokens(params, { zeroMins: true }),
  },
];
