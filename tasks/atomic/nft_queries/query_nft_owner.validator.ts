import { encodeFunctionData, parseAbi, type Address } from 'viem';
import { answerIsAddress, defineValidator, ownerOf, reportsAddress, sameAddress, sendAs } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_nft_owner'>;
type State = { owner: Address };

const NFT = parseAbi(['function transferFrom(address from, address to, uint256 id)']);

export default defineValidator<Params, State>({
  kind: 'query',
  // The id is moved from the agent to a random holder first, so "the agent" is not the answer.
  setup: async ({ chain, env, params, agent }) => {
    await sendAs(
      chain,
      agent,
      env.erc721_token,
      encodeFunctionData({ abi: NFT, functionName: 'transferFrom', args: [agent, params.holder, BigInt(params.id)] }),
    );
  },
  observe: async ({ chain, env, params }) => ({
    owner: await ownerOf(chain, env.erc721_token, BigInt(params.id)),
  }),
  checks: [
    answerIsAddress('answer is an address', 20),
    reportsAddress('answer is the owner on chain', 80, (a, { post, params }) => ({
      pass: sameAddress(a, post.owner),
      detail: `answered ${a}, ownerOf(${params.id}) = ${post.owner}`,
    })),
  ],
});
