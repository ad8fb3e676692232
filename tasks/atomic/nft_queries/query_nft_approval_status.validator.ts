import { encodeFunctionData, isAddress, parseAbi, type Address } from 'viem';
import { defineValidator, sameAddress, sendAs } from 'evm-questbench/validators';

type Params = { id: number; approved: Address };
type State = { approved: Address };

const NFT = parseAbi(['function approve(address to, uint256 id)', 'function getApproved(uint256 id) view returns (address)']);

const asAddress = (answer: unknown) => (typeof answer === 'string' && isAddress(answer.trim(), { strict: false }) ? answer.trim() : undefined);

export default defineValidator<Params, State>({
  kind: 'query',
  // The agent approves a random address for the id, so only reading the chain gives the answer.
  setup: async ({ chain, env, params, agent }) => {
    await sendAs(chain, agent, env.erc721_token!, encodeFunctionData({ abi: NFT, functionName: 'approve', args: [params.approved, BigInt(params.id)] }));
  },
  observe: async ({ chain, env, params }) => ({
    approved: await chain.readContract({ address: env.erc721_token!, abi: NFT, functionName: 'getApproved', args: [BigInt(params.id)] }),
  }),
  checks: [
    {
      name: 'answer is an address',
      weight: 20,
      verify: ({ answer }) => {
        const a = asAddress(answer);
        return { pass: !!a, detail: a ? `answered ${a}` : `answer ${JSON.stringify(answer)?.slice(0, 80)} is not a 0x address` };
      },
    },
    {
      name: 'answer is the approved address on chain',
      weight: 80,
      verify: ({ answer, post, params }) => {
        const a = asAddress(answer);
        if (!a) return { pass: false, detail: 'no address answered' };
        return { pass: sameAddress(a, post.approved), detail: `answered ${a}, getApproved(${params.id}) = ${post.approved}` };
      },
    },
  ],
});
