import { editedReference } from '../../../test/helpers/reference-edit.ts';
import { BURN_ADDRESS, type HardMutant } from '../../../src/tasks/mutants.ts';

const ID = 'hard_execution_minimum_v3_two_hop';
const MIN = 'const minimum = quote;';
const minimum = (expr: string) => editedReference('execution', ID, [[MIN, `const minimum = ${expr};`]]);

export const mutants: HardMutant[] = [
  { kind: 'zero_minimum', name: 'amountOutMinimum 0', script: minimum('0n') },
  {
    kind: 'zero_minimum',
    name: "a minimum two points below the owner's limit",
    script: minimum('(quote * BigInt(98 - PARAMS.slippage)) / 100n'),
  },
  {
    kind: 'wrong_amount',
    name: 'a minimum 0.1 % above the quote (the swap reverts)',
    script: minimum('quote + quote / 1000n'),
  },
  {
    kind: 'wrong_recipient',
    name: 'the USDT to another address',
    script: editedReference('execution', ID, [['recipient: agent,', `recipient: '${BURN_ADDRESS}',`]]),
  },
  {
    kind: 'wrong_fee_tier',
    name: 'the second hop in the 0.25 % WBNB/USDT pool',
    script: editedReference('execution', ID, [['fee(500), USDT', 'fee(2500), USDT']]),
  },
  { kind: 'zero_minimum', quality: 'between', name: 'a minimum 0.5 % under the quote', script: minimum('(quote * 995n) / 1000n') },
  { kind: 'zero_minimum', quality: 'between', name: 'a minimum 0.1 % under the quote', script: minimum('(quote * 999n) / 1000n') },
];
