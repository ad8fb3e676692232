import { parseUnits, type Address } from 'viem';
import { approve, call, script, submit, type ScriptRound } from '../../../src/composite/reference.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';
import type { HardEnv } from '../../../src/tasks/address-map.ts';

const enter = (env: HardEnv, vToken: Address) =>
  script(call, {
    to: env.venus_comptroller,
    signature: 'function enterMarkets(address[]) returns (uint256[])',
    args: [[vToken]],
  });

const mint = (vToken: Address, amount: bigint) =>
  script(call, { to: vToken, signature: 'function mint(uint256) returns (uint256)', args: [amount] });

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'no_enter_markets',
    mechanism: { fails: ['the WBTC supply counts as collateral'] },
    name: 'supplies the WBTC and never enters the market',
    episode: (p, env) => {
      const amount = parseUnits(p.amount, 8);
      return {
        plan: 'approve, mint',
        rounds: [script(approve, { token: env.WBTC, spender: env.vWBTC, amount }), mint(env.vWBTC, amount), submit()],
      };
    },
  },
  {
    kind: 'wrong_decimals',
    name: 'sizes WBTC with 18 decimals',
    episode: (p, env) => {
      const amount = parseUnits(p.amount, 18);
      return {
        plan: 'approve, mint, enter',
        rounds: [
          script(approve, { token: env.WBTC, spender: env.vWBTC, amount }),
          mint(env.vWBTC, amount),
          enter(env, env.vWBTC),
          submit(),
        ],
      };
    },
  },
  {
    kind: 'wrong_function',
    name: 'calls enterMarkets on the vToken instead of the comptroller',
    episode: (p, env) => {
      const amount = parseUnits(p.amount, 8);
      return {
        plan: 'approve, mint, enter on the market',
        rounds: [
          script(approve, { token: env.WBTC, spender: env.vWBTC, amount }),
          mint(env.vWBTC, amount),
          script(call, { to: env.vWBTC, signature: 'function enterMarkets(address[]) returns (uint256[])', args: [[env.vWBTC]] }),
          submit(),
        ],
      };
    },
  },
];
