import { json, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { enc, liq } from './_mutant-helpers.ts';

/** Scales an amount expression down to its slippage minimum. */
const pct = (slippage: number) => `* ${100 - slippage}n / 100n`;

type P = Record<string, any>;

/** The token's decimals, read from it (18 for every token on BSC, 6 for Base's USDC). */
const decimalsOf = (token: string) => `await dec(${token})`;

/**
 * addLiquidityETH with the request's amounts and slippage minimums, with parts swapped out. The stablecoin
 * amount is in the paired token's own decimals unless `usdtDecimals` fixes them.
 */
const addEth = (p: P, o: { token?: string; usdtDecimals?: number; to?: string; zeroMins?: boolean } = {}) => {
  const token = o.token ?? 'deployedContracts.USDT';
  const usdt = `parseUnits(${json(p.usdt)}, ${o.usdtDecimals ?? decimalsOf(token)})`;
  const bnb = `parseUnits(${json(p.bnb)}, 18)`;
  const mins = o.zeroMins ? '0n, 0n' : `${usdt} ${pct(p.slippage)}, ${bnb} ${pct(p.slippage)}`;
  return liq(enc('addLiquidityETH', `${token}, ${usdt}, ${mins}, ${o.to ?? 'agentAddress'}, D`, bnb));
};

export const mutants: Mutant[] = [
  {
    kind: 'wrong_recipient',
    name: 'LP tokens minted to another address',
    script: ({ params }) => addEth(params, { to: json(BURN_ADDRESS) }),
  },
  {
    kind: 'wrong_token',
    name: 'pairs the BNB with BUSD instead of USDT',
    script: ({ params }) => addEth(params, { token: 'deployedContracts.BUSD' }),
  },
  {
    // Base's USDC has 6 decimals: there this is the right amount, only the minimums are missing.
    kind: 'wrong_amount',
    name: 'USDT amount with 6 decimals',
    chains: ['bsc'],
    script: ({ params }) => addEth(params, { usdtDecimals: 6, zeroMins: true }),
  },
  {
    // BSC's USDT has 18 decimals, Base's USDC 6: the 18-decimal minimum is far above any deposit, so it reverts.
    kind: 'wrong_amount',
    name: 'USDT amount and minimum with 18 decimals (USDC has 6)',
    chains: ['base'],
    script: ({ params }) => addEth(params, { usdtDecimals: 18 }),
  },
  {
    kind: 'wrong_function',
    name: 'deposits WBNB with addLiquidity instead of native BNB',
    script: ({ params }) => {
      const usdt = `parseUnits(${json(params.usdt)}, ${decimalsOf('deployedContracts.USDT')})`;
      const bnb = `parseUnits(${json(params.bnb)}, 18)`;
      return liq(
        enc(
          'addLiquidity',
          `deployedContracts.WBNB, deployedContracts.USDT, ${bnb}, ${usdt}, ${bnb} ${pct(params.slippage)}, ${usdt} ${pct(params.slippage)}, agentAddress, D`,
        ),
      );
    },
  },
  {
    kind: 'wrong_amount',
    name: 'no slippage protection (minimums 0)',
    maxScore: 85,
    script: ({ params }) => addEth(params, { zeroMins: true }),
  },
];
