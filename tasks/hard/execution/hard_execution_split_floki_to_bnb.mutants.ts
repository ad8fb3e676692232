import { editedReference, type Edit } from '../../../test/helpers/reference-edit.ts';
import { BURN_ADDRESS, type HardMutant } from '../../../src/tasks/mutants.ts';

const ID = 'hard_execution_split_floki_to_bnb';
const edit = (...edits: Edit[]) => editedReference('execution', ID, edits);

const SEND = 'const { timestamp } = await client.getBlock();';

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_recipient',
    name: 'the BNB unwrapped to another address',
    script: edit([
      "functionName: 'unwrapWETH9', args: [minimum, agent]",
      `functionName: 'unwrapWETH9', args: [minimum, '${BURN_ADDRESS}']`,
    ]),
  },
  {
    kind: 'wrong_function',
    name: 'the swaps pay WBNB to the wallet and the router unwraps nothing',
    script: edit(['recipient: v3_swap_router,', 'recipient: agent,'], ['args: [minimum, agent]', 'args: [0n, agent]']),
  },
  {
    kind: 'wrong_amount',
    name: 'half the FLOKI sold',
    script: edit(
      ['const slice = amount / SLICES;', 'const slice = amount / SLICES / 2n;'],
      ['const size = i === SLICES - 1n ? amount - slice * (SLICES - 1n) : slice;', 'const size = slice;'],
    ),
  },
  {
    kind: 'zero_minimum',
    name: 'no minimum on any swap',
    script: edit(['const minimumOf = (l: { amountOut: bigint }) =>', 'const minimumOf = (l: { amountOut: bigint }) => 0n * ']),
  },
  {
    kind: 'wrong_fee_tier',
    quality: 'between',
    name: 'the whole sale in the 0.25 % pool (the cheaper fee), none in the deeper 1 % pool',
    script: edit(['const quote = async', 'fees.splice(0, fees.length, 2500);\n  const quote = async']),
  },
  {
    kind: 'wrong_amount',
    quality: 'between',
    name: 'the sale in equal halves over the two tiers',
    script: edit([
      SEND,
      `for (const l of legs) { l.amountIn = amount / BigInt(legs.length); l.amountOut = await quote(l.fee, l.amountIn); }
  legs[0]!.amountIn += amount - (amount / BigInt(legs.length)) * BigInt(legs.length);
  legs[0]!.amountOut = await quote(legs[0]!.fee, legs[0]!.amountIn);
  ${SEND}`,
    ]),
  },
];
