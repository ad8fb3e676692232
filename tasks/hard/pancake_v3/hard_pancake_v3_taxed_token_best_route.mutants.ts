import type { Edit } from '../../../test/helpers/reference-edit.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';
import { edit } from './_mutant-helpers.ts';

// --- hard_pancake_v3_taxed_token_best_route: a sell tax that only transactions paying for gas are charged. ---
const TAXED = 'hard_pancake_v3_taxed_token_best_route';

const REAL_FEES = 'const fees = { maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + priority, maxPriorityFeePerGas: priority };';

const FEELESS: Edit = [REAL_FEES, 'const fees = {};'];

const V2_SALE = 'return { to: router, data: sale(floor(lo)) };';

export const mutants: HardMutant[] = [
  {
    kind: 'trusted_simulation',
    mechanism: {
      fails: [
        'the sale through the PancakeSwap V2 router went through',
        'calls swapExactTokensForETHSupportingFeeOnTransferTokens or swapExactTokensForTokensSupportingFeeOnTransferTokens',
        'sold exactly the requested TSRA',
        'the wallet received what the sale really pays, as BNB or WBNB',
        'the minimum is at most the requested slippage under what the sale really pays',
      ],
    },
    name: 'simulates both routes without a fee (eth_call at gas price 0): V3 quotes more and its sale passes, so it sells on V3',
    script: edit(TAXED, FEELESS),
  },
  {
    kind: 'trusted_simulation',
    name: 'sells on V2 with the fee-on-transfer function, its minimum from a fee-less simulation (the untaxed quote)',
    script: edit(TAXED, FEELESS, ['if (v3.out > lo)', 'if (v3.out > lo && v3.out < 0n)']),
  },
  {
    kind: 'wrong_amount',
    name: "sees V3 revert when simulated with fees, then takes the V2 router's quote as the sale's output for its minimum",
    script: edit(TAXED, [V2_SALE, 'return { to: router, data: sale(floor(quote)) };']),
  },
  {
    kind: 'standard_swap_on_taxed_token',
    name: 'sees V3 revert, then sells with the standard swapExactTokensForETH (the pair receives less than the router computed)',
    script: edit(
      TAXED,
      [
        "'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',",
        "'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',\n  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',",
      ],
      [
        V2_SALE,
        "return { to: router, data: encodeFunctionData({ abi: V2, functionName: 'swapExactTokensForETH', args: [amountIn, floor(lo), path, agent, deadline] }) };",
      ],
    ),
  },
  {
    kind: 'zero_minimum',
    name: 'finds the right route and sells on V2 with no minimum',
    script: edit(TAXED, [V2_SALE, 'return { to: router, data: sale(0n) };']),
  },
];
