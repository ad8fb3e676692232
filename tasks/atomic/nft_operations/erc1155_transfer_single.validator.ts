import { parseAbi, type Address } from 'viem';
import { callsFunction, compareAmount, defineValidator, succeeded } from 'evm-questbench/validators';

type Params = { id: number; amount: number; to: Address };
type State = { agent: bigint; recipient: bigint };

const MULTI = parseAbi(['function balanceOf(address account, uint256 id) view returns (uint256)']);
const UNITS = { decimals: 0, symbol: 'units' };

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.erc1155_token!,
  observe: async ({ chain, env, params, agent }) => ({
    agent: await chain.readContract({ address: env.erc1155_token!, abi: MULTI, functionName: 'balanceOf', args: [agent, BigInt(params.id)] }),
    recipient: await chain.readContract({ address: env.erc1155_token!, abi: MULTI, functionName: 'balanceOf', args: [params.to, BigInt(params.id)] }),
  }),
  checks: [
    succeeded(10, 'call to the ERC-1155 contract succeeded'),
    callsFunction(15, 'safeTransferFrom(address,address,uint256,uint256,bytes)'),
    {
      // The dominant check: the right units of the right id at the right address.
      name: 'recipient received exactly the units of the id',
      weight: 50,
      verify: ({ pre, post, params }) => compareAmount(`id ${params.id} received`, post.recipient - pre.recipient, BigInt(params.amount), UNITS),
    },
    {
      name: 'wallet balance of the id fell by exactly the units',
      weight: 25,
      verify: ({ pre, post, params }) => compareAmount(`id ${params.id} sent`, pre.agent - post.agent, BigInt(params.amount), UNITS),
    },
  ],
});
