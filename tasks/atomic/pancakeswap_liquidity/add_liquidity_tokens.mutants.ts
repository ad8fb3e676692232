import { json, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { enc, liq } from './_mutant-helpers.ts';

/** Scales an amount expression down to its slippage minimum. */
const pct = (slippage: number) => `* ${100 - slippage}n / 100n`;

type P = Record<string, any>;

/**
 * addLiquidity of the request's amount of USDT and of `other`, each in its token's own decimals (read from
 * it) unless `decimals` fixes one for both, with parts swapped out.
 */
const addTokens = (p: P, o: { other?: string; decimals?: number; to?: string; zeroMins?: boolean } = {}) => {
  const other = o.other ?? 'deployedContracts.BUSD';
  const units = (token: string) => `parseUnits(${json(p.amount)}, ${o.decimals ?? `await dec(${token})`})`;
  const [a, b] = [units('deployedContracts.USDT'), units(other)];
  const [minA, minB] = o.zeroMins ? ['0n', '0n'] : [`${a} ${pct(p.slippage)}`, `${b} ${pct(p.slippage)}`];
  return liq(enc('addLiquidity', `deployedContracts.USDT, ${other}, ${a}, ${b}, ${minA}, ${minB}, ${o.to ?? 'agentAddress'}, D`));
};

export const mutants: Mutant[] = [
  {
    kind: 'wrong_recipient',
    name: 'LP tokens minted to another address',
    script: ({ params }) => addTokens(params, { to: json(BURN_ADDRESS) }),
  },
  { kind: 'wrong_amount', name: 'amounts with 6 decimals', script: ({ params }) => addTokens(params, { decimals: 6 }) },
  {
    // BSC's two stablecoins both have 18 decimals; on Base the USDC side is 10^12 too much, and its minimum with it.
    kind: 'wrong_amount',
    name: 'both amounts with 18 decimals (USDC has 6)',
    chains: ['base'],
    script: ({ params }) => addTokens(params, { decimals: 18 }),
  },
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
          `deployedContracts.USDT, parseUnits(${json(params.amount)}, await dec(deployedContracts.USDT)), 0n, 0n, agentAddress, D`,
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
