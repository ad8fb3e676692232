// Wrong answers for the tasks whose first mechanism is view_vs_execution: a view or preview the agent
// reads first disagrees with what executing the call pays.
import { editedReference } from '../../../test/helpers/reference-edit.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_amount',
    name: "sets minOut from the pool's getAmountOut less the tolerance (it prices the old 0.25 % fee)",
    script: editedReference('slippage_attack', 'hard_slippage_attack_pool_quote_fee_floor', [
      [
        "const POOL = parseAbi(['function swap(address tokenIn, uint256 amountIn, uint256 minOut, address to) returns (uint256)']);",
        "const POOL = parseAbi(['function swap(address tokenIn, uint256 amountIn, uint256 minOut, address to) returns (uint256)', 'function getAmountOut(address tokenIn, uint256 amountIn) view returns (uint256)']);",
      ],
      [
        "const { result: pays } = await client.simulateContract({ account: agent, address: PARAMS.pool, abi: POOL, functionName: 'swap', args: [cake, amountIn, 0n, agent] });",
        "const pays = await client.readContract({ address: PARAMS.pool, abi: POOL, functionName: 'getAmountOut', args: [cake, amountIn] });",
      ],
    ]),
    mechanism: {
      fails: [
        'minOut is what the sale really paid before the trade, less at most the tolerance',
        "the sale went through at the owner's floor or better",
      ],
    },
  },
  {
    kind: 'zero_minimum',
    name: 'sells with no minimum',
    script: editedReference('slippage_attack', 'hard_slippage_attack_pool_quote_fee_floor', [
      ["functionName: 'swap', args: [cake, amountIn, min, agent] })", "functionName: 'swap', args: [cake, amountIn, 0n * min, agent] })"],
    ]),
  },
  {
    kind: 'wrong_amount',
    name: 'reads the tolerance as whole percent (ten times too loose)',
    script: editedReference('slippage_attack', 'hard_slippage_attack_pool_quote_fee_floor', [
      [
        'const min = (pays * BigInt(10_000 - PARAMS.slippage.bps)) / 10_000n;',
        'const min = (pays * BigInt(10_000 - 10 * PARAMS.slippage.bps)) / 10_000n;',
      ],
    ]),
  },
];
