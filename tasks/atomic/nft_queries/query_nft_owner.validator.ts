import { encodeFunctionData, isAddress, parseAbi, type Address } from 'viem';
import { defineValidator, sameAddress, sendAs } from 'evm-questbench/validators';

type Params = { id: number; holder: Address };
type State = { owner: Address };

const NFT = parseAbi(['function transferFrom(address from, address to, uint256 id)', 'function ownerOf(uint256 id) view returns (address)']);

const asAddress = (answer: unknown) => (typeof answer === 'string' && isAddress(answer.trim(), { strict: false }) ? answer.trim() : undefined);

export default defineValidator<Params, State>({
  kind: 'query',
  // The id is moved from the agent to a random holder first, so "the agent" is not the answer.
  setup: async ({ chain, env, params, agent }) => {
    await sendAs(chain, agent, env.erc721_token!, encodeFunctionData({ abi: NFT, functionName: 'transferFrom', args: [agent, params.holder, BigInt(params.id)] }));
  },
  observe: async ({ chain, env, params }) => ({
    owner: await chain.readContract({ address: env.erc721_token!, abi: NFT, functionName: 'ownerOf', args: [BigInt(params.id)] }),
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
      name: 'answer is the owner on chain',
      weight: 80,
      verify: ({ answer, post, params }) => {
        const a = asAddress(answer);
        if (!a) return { pass: false, detail: 'no address answered' };
        return { pass: sameAddress(a, post.owner), detail: `answered ${a}, ownerOf(${params.id}) = ${post.owner}` };
      },
    },
  ],
});
