import { editedReference, type Edit } from '../../../test/helpers/reference-edit.ts';
import { BURN_ADDRESS, type HardMutant } from '../../../src/tasks/mutants.ts';

const ID = 'hard_execution_tiers_bnb_to_cake';
const edit = (...edits: Edit[]) => editedReference('execution', ID, edits);

const SEND = 'const { timestamp } = await client.getBlock();';
/** Moves `share` of every other tier's part into the tier with the most (between the optimum and the whole order there), and requotes. */
const towardDeepest = (share: string): Edit => [
  SEND,
  `const deep = alloc.reduce((m, a) => (a.amountIn > m.amountIn ? a : m));
  for (const a of alloc) if (a !== deep) { const moved = (a.amountIn * ${share}) / 100n; a.amountIn -= moved; deep.amountIn += moved; }
  for (const a of alloc) a.amountOut = await quote(a.fee, a.amountIn);
  ${SEND}`,
];

export const mutants: HardMutant[] = [
  { kind: 'wrong_recipient', name: 'the CAKE to another address', script: edit(['recipient: agent,', `recipient: '${BURN_ADDRESS}',`]) },
  {
    kind: 'zero_minimum',
    name: 'no minimum on any swap',
    script: edit(['amountOutMinimum: (a.amountOut * BigInt(100 - PARAMS.slippage)) / 100n,', 'amountOutMinimum: 0n,']),
  },
  {
    kind: 'wrong_amount',
    name: 'half the order swapped, the rest left in the router',
    script: edit(
      ['const chunk = amount / CHUNKS;', 'const chunk = amount / CHUNKS / 2n;'],
      ['const size = i === CHUNKS - 1n ? amount - chunk * (CHUNKS - 1n) : chunk;', 'const size = chunk;'],
    ),
  },
  {
    kind: 'wrong_amount',
    quality: 'between',
    name: 'half of the other tiers’ share moved into the deepest pool',
    script: edit(towardDeepest('50n')),
  },
  {
    kind: 'wrong_amount',
    quality: 'between',
    name: 'three quarters of the other tiers’ share moved into the deepest pool',
    script: edit(towardDeepest('75n')),
  },
];
