import { decodeFunctionData, parseAbi, stringToHex, type Hex } from 'viem';
import { callsFunction, defineValidator, succeeded, unitSides, unitsReceived, unitsSent } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'erc1155_safe_transfer_with_data'>;
type State = { agent: bigint; recipient: bigint };

// balanceOf stays decodable so a call to it is reported by name rather than as unreadable calldata.
const MULTI = parseAbi([
  'function balanceOf(address account, uint256 id) view returns (uint256)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
]);

/** The `data` argument of a safeTransferFrom call, or why it could not be read. */
function dataArgument(calldata: Hex | undefined): { data: Hex } | { error: string } {
  try {
    const call = decodeFunctionData({ abi: MULTI, data: calldata ?? '0x' });
    if (call.functionName !== 'safeTransferFrom') return { error: `calls ${call.functionName}` };
    return { data: call.args[4] };
  } catch {
    return { error: 'calldata is not a safeTransferFrom(address,address,uint256,uint256,bytes) call' };
  }
}

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.erc1155_token,
  observe: ({ chain, env, params, agent }) => unitSides(chain, env.erc1155_token, BigInt(params.id), agent, params.to),
  checks: [
    succeeded(5, 'call to the ERC-1155 contract succeeded'),
    callsFunction(10, 'safeTransferFrom(address,address,uint256,uint256,bytes)'),
    unitsReceived(50),
    unitsSent(10),
    {
      // The note only exists in calldata (TransferSingle does not log it), so it is decoded from the sent call.
      name: 'data argument is the note in UTF-8',
      weight: 25,
      verify: ({ tx, params }) => {
        const d = dataArgument(tx?.data);
        if ('error' in d) return { pass: false, detail: d.error };
        const expected = stringToHex(params.note.text);
        return { pass: d.data.toLowerCase() === expected.toLowerCase(), detail: `data ${d.data.slice(0, 90)}, expected ${expected}` };
      },
    },
  ],
});
