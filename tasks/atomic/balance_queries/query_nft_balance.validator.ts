import { encodeFunctionData, erc721Abi } from 'viem';
import { answerIsUint, defineValidator, nftCount, reportsUint, sendAs } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_nft_balance'>;
type State = { balance: bigint };

export default defineValidator<Params, State>({
  kind: 'query',
  // The wallet hands a random run of its ids (it starts with 1-10) to a fresh address.
  setup: async ({ chain, params, env, agent }) => {
    for (let id = params.first_id; id < params.first_id + params.count; id++) {
      const data = encodeFunctionData({ abi: erc721Abi, functionName: 'transferFrom', args: [agent, params.address, BigInt(id)] });
      await sendAs(chain, agent, env.erc721_token, data);
    }
  },
  observe: async ({ chain, params, env }) => ({ balance: await nftCount(chain, env.erc721_token, params.address) }),
  checks: [
    answerIsUint('answer is a whole number', 20),
    reportsUint('answer equals the on-chain NFT balance', 80, {
      compare: (v, { post }) => ({ pass: v === post.balance, detail: `answered ${v}, the address holds ${post.balance}` }),
    }),
  ],
});
