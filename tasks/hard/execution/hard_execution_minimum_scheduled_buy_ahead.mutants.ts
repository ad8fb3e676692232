import { editedReference } from '../../../test/helpers/reference-edit.ts';
import { BURN_ADDRESS, type HardMutant } from '../../../src/tasks/mutants.ts';

const ID = 'hard_execution_minimum_scheduled_buy_ahead';
const MIN = 'const minimum = expected;';
const minimum = (expr: string) => editedReference('execution', ID, [[MIN, `const minimum = ${expr};`]]);

export const mutants: HardMutant[] = [
  { kind: 'zero_minimum', name: 'amountOutMin 0', script: minimum('0n') },
  {
    kind: 'wrong_amount',
    name: "a minimum at the latest block's quote (the slice ahead makes the swap revert)",
    script: minimum('quote'),
  },
  {
    kind: 'wrong_recipient',
    name: 'the token to another address',
    script: editedReference('execution', ID, [['args: [minimum, path, agent,', `args: [minimum, path, '${BURN_ADDRESS}',`]]),
  },
  {
    kind: 'zero_minimum',
    quality: 'between',
    name: "a minimum halfway between the owner's floor and the quote after the slice",
    script: minimum('(expected + (quote * BigInt(100 - PARAMS.slippage)) / 100n) / 2n'),
  },
  {
    kind: 'zero_minimum',
    quality: 'between',
    name: 'a minimum 0.1 % under the quote after the slice',
    script: minimum('(expected * 999n) / 1000n'),
  },
];
