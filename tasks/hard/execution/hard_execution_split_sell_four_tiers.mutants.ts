import { editedReference, type Edit } from '../../../test/helpers/reference-edit.ts';
import { BURN_ADDRESS, type HardMutant } from '../../../src/tasks/mutants.ts';

const ID = 'hard_execution_split_sell_four_tiers';
const edit = (...edits: Edit[]) => editedReference('execution', ID, edits);

const SEND = 'const { timestamp } = await client.getBlock();';

export const mutants: HardMutant[] = [
  { kind: 'wrong_recipient', name: 'the WBNB to another address', script: edit(['recipient: agent,', `recipient: '${BURN_ADDRESS}',`]) },
  {
    kind: 'wrong_amount',
    name: 'half the QRY sold',
    script: edit(
      ['const slice = amount / SLICES;', 'const slice = amount / SLICES / 2n;'],
      ['const size = i === SLICES - 1n ? amount - slice * (SLICES - 1n) : slice;', 'const size = slice;'],
    ),
  },
  {
    kind: 'zero_minimum',
    name: 'no minimum on any swap',
    script: edit(['amountOutMinimum: (l.amountOut * BigInt(100 - PARAMS.slippage)) / 100n,', 'amountOutMinimum: 0n,']),
  },
  {
    kind: 'wrong_fee_tier',
    quality: 'between',
    name: 'the sale split over the two pools with the most liquidity (1 % and 0.01 %) only',
    script: edit(['const quote = async', 'fees.splice(0, fees.length, 100, 10000);\n  const quote = async']),
  },
  {
    kind: 'wrong_amount',
    quality: 'between',
    name: 'the sale in equal quarters over the four tiers',
    script: edit([
      SEND,
      `for (const l of legs) { l.amountIn = amount / BigInt(legs.length); l.amountOut = await quote(l.fee, l.amountIn); }
  legs[0]!.amountIn += amount - (amount / BigInt(legs.length)) * BigInt(legs.length);
  legs[0]!.amountOut = await quote(legs[0]!.fee, legs[0]!.amountIn);
  ${SEND}`,
    ]),
  },
];
