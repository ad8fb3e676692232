// Wrong answers for the tasks whose first mechanism is view_vs_execution: a view or preview the agent
// reads first disagrees with what executing the call pays.
import { editedReference } from '../../../test/helpers/reference-edit.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_amount',
    name: "sizes the input with the pool's getAmountIn (it prices the old 0.25 % fee), no minimum",
    script: editedReference('units', 'hard_units_pool_buy_wbtc_quote_fee', [
      ['let amountIn = got >= want ? quoted : (quoted * want) / got;', 'let amountIn = quoted + 0n * got;'],
      ['while ((await pays(amountIn)) < want) amountIn += amountIn / 100_000n + 1n;', ''],
      ["functionName: 'swap', args: [usdt, amountIn, want, agent] })", "functionName: 'swap', args: [usdt, amountIn, 0n, agent] })"],
    ]),
    mechanism: { fails: ['the wallet received at least the amount of WBTC'] },
  },
  {
    kind: 'wrong_amount',
    name: 'sizes the input with getAmountIn and sets the amount as the minimum: the swap reverts',
    script: editedReference('units', 'hard_units_pool_buy_wbtc_quote_fee', [
      ['let amountIn = got >= want ? quoted : (quoted * want) / got;', 'let amountIn = quoted + 0n * got;'],
      ['while ((await pays(amountIn)) < want) amountIn += amountIn / 100_000n + 1n;', ''],
    ]),
  },
  {
    kind: 'wrong_decimals',
    name: 'reads the WBTC amount with 18 decimals',
    script: editedReference('units', 'hard_units_pool_buy_wbtc_quote_fee', [
      ['const want = parseUnits(PARAMS.amount, decimals);', 'const want = parseUnits(PARAMS.amount, 18 + 0 * decimals);'],
    ]),
  },
];
