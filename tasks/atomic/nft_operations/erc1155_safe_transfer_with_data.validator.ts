import { decodeFunctionData, parseAbi, stringToHex, type Address, type Hex } from 'viem';
import { callsFunction, compareAmount, defineValidator, succeeded } from 'evm-questbench/validators';

type Params = { id: number; amount: number; to: Address; note: { text: string } };
type State = { agent: bigint; recipient: bigint };

const MULTI = parseAbi([
  'function balanceOf(address account, uint256 id) view returns (uint256)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
]);
const UNITS = { decimals: 0, symbol: 'units' };

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
  target: ({ env }) => env.erc1155_token!,
  observe: async ({ chain, env, params, agent }) => ({
    agent: await chain.readContract({ address: env.erc1155_token!, abi: MULTI, functionName: 'balanceOf', args: [agent, BigInt(params.id)] }),
    recipient: await chain.readContract({ address: env.erc1155_token!, abi: MULTI, functionName: 'balanceOf', args: [params.to, BigInt(params.id)] }),
  }),
  checks: [
    succeeded(5, 'call to the ERC-1155 contract succeeded'),
    callsFunction(10, 'safeTransferFrom(address,address,uint256,uint256,bytes)'),
    {
      name: 'recipient received exactly the units of the id',
      weight: 50,
      verify: ({ pre, post, params }) => compareAmount(`id ${params.id} received`, post.recipient - pre.recipient, BigInt(params.amount), UNITS),
    },
    {
      name: 'wallet balance of the id fell by exactly the units',
      weight: 10,
      verify: ({ pre, post, params }) => compareAmount(`id ${params.id} sent`, pre.agent - post.agent, BigInt(params.amount), UNITS),
    },
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
