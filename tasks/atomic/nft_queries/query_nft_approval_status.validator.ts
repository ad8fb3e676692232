import { encodeFunctionData, parseAbi, type Address } from 'viem';
import { answerIsAddress, defineValidator, reportsAddress, sameAddress, sendAs } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_nft_approval_status'>;
type State = { approved: Address };

const NFT = parseAbi(['function approve(address to, uint256 id)', 'function getApproved(uint256 id) view returns (address)']);

export default defineValidator<Params, State>({
  kind: 'query',
  // The agent approves a random address for the id, so only reading the chain gives the answer.
  setup: async ({ chain, env, params, agent }) => {
    await sendAs(
      chain,
      agent,
      env.erc721_token,
      encodeFunctionData({ abi: NFT, functionName: 'approve', args: [params.approved, BigInt(params.id)] }),
    );
  },
  observe: async ({ chain, env, params }) => ({
    approved: await chain.readContract({ address: env.erc721_token, abi: NFT, functionName: 'getApproved', args: [BigInt(params.id)] }),
  }),
  checks: [
    answerIsAddress('answer is an address', 20),
    reportsAddress('answer is the approved address on chain', 80, (a, { post, params }) => ({
      pass: sameAddress(a, post.approved),
      detail: `answered ${a}, getApproved(${params.id}) = ${post.approved}`,
    })),
  ],
});
