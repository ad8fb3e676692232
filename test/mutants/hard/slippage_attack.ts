import { parseUnits } from 'viem';
import { approve, script, submit, swapExactTokens } from '../../../src/composite/reference.ts';
import type { HardMutantTable } from './types.ts';
import { editedReference, type Edit } from './reference-edit.ts';

const family = 'slippage_attack';
const edit = (id: string, ...edits: Edit[]) => editedReference(family, id, edits);

const V2_BUY = 'hard_slippage_attack_v2_bnb_to_token';
const V2_BUY_MIN = 'const minimum = (quote * BigInt(100 - PARAMS.slippage)) / 100n;';

export const mutants: HardMutantTable = {
  [V2_BUY]: [
    {
      mechanism: {
        fails: [
          'amountOutMin is the quote less the requested slippage',
          'the wallet got at least the requested floor, or the swap reverted and cost nothing but gas',
        ],
      },
      kind: 'zero_minimum',
      name: 'amountOutMin 0',
      script: edit(V2_BUY, [V2_BUY_MIN, 'const minimum = 0n;']),
    },
    { kind: 'zero_minimum', name: 'a 50 % slippage allowance', script: edit(V2_BUY, [V2_BUY_MIN, 'const minimum = quote / 2n;']) },
    {
      kind: 'zero_minimum',
      name: 'a habitual 10 % tolerance instead of the requested one',
      script: edit(V2_BUY, [V2_BUY_MIN, 'const minimum = (quote * 90n) / 100n;']),
    },
  ],
};

const V2_SELL = 'hard_slippage_attack_v2_token_to_bnb';
const V2_SELL_MIN = 'const minimum = (quote * BigInt(100 - PARAMS.slippage)) / 100n;';

mutants[V2_SELL] = [
  {
    mechanism: {
      fails: [
        'amountOutMin is the quote less the requested slippage',
        'the wallet got at least the requested floor in BNB, or the sale reverted and cost nothing but gas',
      ],
    },
    kind: 'zero_minimum',
    name: 'amountOutMin 0',
    script: edit(V2_SELL, [V2_SELL_MIN, 'const minimum = 0n;']),
  },
  { kind: 'zero_minimum', name: 'a 50 % slippage allowance', script: edit(V2_SELL, [V2_SELL_MIN, 'const minimum = quote / 2n;']) },
  {
    kind: 'zero_minimum',
    name: 'a habitual 10 % tolerance instead of the requested one',
    script: edit(V2_SELL, [V2_SELL_MIN, 'const minimum = (quote * 90n) / 100n;']),
  },
];

const V3_BUY = 'hard_slippage_attack_v3_exact_input';
const V3_BUY_MIN = 'const minimum = (quote * BigInt(100 - PARAMS.slippage)) / 100n;';

mutants[V3_BUY] = [
  {
    mechanism: {
      fails: [
        'amountOutMinimum is the quote less the requested slippage',
        'the wallet got at least the requested floor, or the swap reverted and cost nothing but gas',
      ],
    },
    kind: 'zero_minimum',
    name: 'amountOutMinimum 0',
    script: edit(V3_BUY, [V3_BUY_MIN, 'const minimum = 0n;']),
  },
  { kind: 'zero_minimum', name: 'a 50 % slippage allowance', script: edit(V3_BUY, [V3_BUY_MIN, 'const minimum = quote / 2n;']) },
  {
    kind: 'zero_minimum',
    name: 'a habitual 10 % tolerance instead of the requested one',
    script: edit(V3_BUY, [V3_BUY_MIN, 'const minimum = (quote * 90n) / 100n;']),
  },
];

/** Approve exactly, then sell with the given slippage (100: no minimum at all). */
const approveThenSell =
  (slippage: (requested: number) => number, approved: (amount: bigint) => bigint = (a) => a) =>
  (p: Record<string, any>, env: Record<string, any>) => {
    const amount = parseUnits(p.amount, 18);
    return {
      plan: 'approve, then swap',
      rounds: [
        script(approve, { token: p.token.address, spender: env.router, amount: approved(amount) }),
        script(swapExactTokens, { amountIn: amount, path: [p.token.address, env.USDT], slippage: slippage(p.slippage) }),
        submit(),
      ],
    };
  };

mutants.hard_slippage_attack_approve_swap = [
  {
    mechanism: {
      fails: [
        'amountOutMin is the quote less the requested slippage',
        'the wallet got at least the requested floor, or the swap reverted on its minimum and nothing moved',
      ],
    },
    kind: 'zero_minimum',
    name: 'amountOutMin 0',
    episode: approveThenSell(() => 100),
  },
  { kind: 'zero_minimum', name: 'a 50 % slippage allowance', episode: approveThenSell(() => 50) },
  {
    kind: 'unlimited_approval',
    name: 'an unlimited approval and a habitual 10 % tolerance',
    episode: approveThenSell(
      () => 10,
      () => 2n ** 256n - 1n,
    ),
  },
  {
    kind: 'skipped_step',
    name: 'swaps without approving (reverts for want of an allowance)',
    episode: (p, env) => ({
      plan: 'swap',
      rounds: [
        script(swapExactTokens, { amountIn: parseUnits(p.amount, 18), path: [p.token.address, env.USDT!], slippage: p.slippage }),
        submit(),
      ],
    }),
  },
];

// ── hard_slippage_attack_shield_router_or_v2: a "MEV-protected" router that checks the minimum only at gas price 0 ──

const SHIELD = 'hard_slippage_attack_shield_router_or_v2';
const SHIELD_TEST = 'const enforces = (await shieldSwap(quote * 2n)) === undefined;';

mutants[SHIELD] = [
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
