// The wrong answers every route task shares, as edits of its reference: the purchase to another address,
// an exact-input swap of the quoted amount instead of an exact output, and a maximum far over the quote.
import type { Edit } from '../../../test/helpers/reference-edit.ts';
import { BURN_ADDRESS, type HardMutant, type ScriptContext } from '../../../src/tasks/mutants.ts';
import type { HardEnv } from '../../../src/tasks/address-map.ts';

type Edited = (...edits: Edit[]) => (ctx: ScriptContext<HardEnv>) => string;

const SEND = 'return { to: v3_swap_router, data: calldata(chosen.route, ceiling(chosen.amountIn)) };';

export const routeMutants = (edit: Edited): HardMutant[] => [
  {
    kind: 'wrong_recipient',
    name: 'the purchase to another address',
    script: edit(['recipient: agent,', `recipient: '${BURN_ADDRESS}',`]),
  },
  {
    kind: 'wrong_function',
    name: 'an exactInput of the quoted amount along the cheapest route, not an exact output',
    script: edit([
      SEND,
      `const forward = (r: Route): Hex => {
    let hex = r.tokens[0]!.slice(2);
    r.fees.forEach((f, i) => { hex += f.toString(16).padStart(6, '0') + r.tokens[i + 1]!.slice(2); });
    return \`0x\${hex.toLowerCase()}\`;
  };
  const EXACT_IN = parseAbi(['function exactInput((bytes path, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum) params) payable returns (uint256 amountOut)']);
  const data = encodeFunctionData({ abi: EXACT_IN, functionName: 'exactInput', args: [{ path: forward(chosen.route), recipient: agent, deadline, amountIn: chosen.amountIn, amountOutMinimum: (amountOut * 99n) / 100n }] });
  return { to: v3_swap_router, data };`,
    ]),
  },
  {
    kind: 'wrong_amount',
    name: "amountInMaximum twice the quote, far beyond the owner's limit",
    script: edit(['const ceiling = (q: bigint) => (q * BigInt(100 + PARAMS.slippage)) / 100n;', 'const ceiling = (q: bigint) => q * 2n;']),
  },
];
