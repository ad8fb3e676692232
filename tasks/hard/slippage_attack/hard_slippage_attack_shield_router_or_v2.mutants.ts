import type { HardMutant } from '../../../src/tasks/mutants.ts';
import { edit } from './_mutant-helpers.ts';

// ── hard_slippage_attack_shield_router_or_v2: a "MEV-protected" router that checks the minimum only at gas price 0 ──
const SHIELD = 'hard_slippage_attack_shield_router_or_v2';

const SHIELD_TEST = 'const enforces = (await shieldSwap(quote * 2n)) === undefined;';

export const mutants: HardMutant[] = [
  {
    kind: 'trusted_simulation',
    // Sandwiched through ShieldSwap: a transaction to another router than the target earns nothing.
    maxScore: 0,
    mechanism: {
      fails: [
        'the transaction swaps exactly the requested BNB for the token on the PancakeSwap V2 router, to the wallet',
        'amountOutMin is the V2 quote less the requested slippage',
        'the wallet got at least the requested floor, or the swap reverted on it and cost nothing but gas',
      ],
    },
    name: "tests ShieldSwap's minimum and payout with fee-less simulations (they revert below the minimum, pay 0.3 % over V2), swaps through it",
    script: edit(SHIELD, ['value: amountIn, ...fees,', 'value: amountIn,']),
  },
  {
    kind: 'trusted_simulation',
    maxScore: 0,
    name: 'takes the MEV protection on trust: checks only that ShieldSwap pays more than V2 (simulated with fees), swaps through it',
    script: edit(SHIELD, [SHIELD_TEST, 'const enforces = true;']),
  },
  {
    kind: 'zero_minimum',
    name: 'sees through ShieldSwap, then swaps on V2 with amountOutMin 0',
    script: edit(SHIELD, ['const minimum = (quote * BigInt(100 - PARAMS.slippage)) / 100n;', 'const minimum = 0n;']),
  },
];
