import type { HardMutant } from '../../../src/tasks/mutants.ts';
import { edit } from './_mutant-helpers.ts';

const COLLECT = 'hard_pancake_v3_collect_fees';

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_amount',
    name: "caps collect at positions()'s tokensOwed (stale until the position is poked)",
    script: edit(
      COLLECT,
      [
        'const [, , token0, token1, fee, tickLower, tickUpper, liquidity] =',
        'const [, , token0, token1, fee, tickLower, tickUpper, liquidity, , , owed0, owed1] =',
      ],
      [
        'if (liquidity > 0n && tickLower <= tick && tick < tickUpper) inRange.push(id);',
        'if (liquidity > 0n && tickLower <= tick && tick < tickUpper) { inRange.push(id); owed.push([owed0, owed1]); }',
      ],
      ['const inRange: bigint[] = [];', 'const inRange: bigint[] = [];\n  const owed: [bigint, bigint][] = [];'],
      [
        'const amounts = { amount0Max: UINT128_MAX, amount1Max: UINT128_MAX };',
        'const amounts = { amount0Max: owed[0]![0], amount1Max: owed[0]![1] };',
      ],
    ),
  },
  {
    kind: 'skipped_step',
    name: 'collects the last position listed, without checking its range',
    script: edit(COLLECT, [
      'const [tokenId] = inRange;',
      "inRange.splice(0, inRange.length, await client.readContract({ address: manager, abi: MANAGER, functionName: 'tokenOfOwnerByIndex', args: [agent, count - 1n] }));\n  const [tokenId] = inRange;",
    ]),
  },
  {
    kind: 'wrong_recipient',
    mechanism: {
      fails: ["the wallet received all of the position's fees in token0", "the wallet received all of the position's fees in token1"],
    },
    name: 'recipient left as the zero address',
    script: edit(COLLECT, [
      'args: [{ tokenId, recipient: agent, ...amounts }]',
      "args: [{ tokenId, recipient: '0x0000000000000000000000000000000000000000', ...amounts }]",
    ]),
  },
];
