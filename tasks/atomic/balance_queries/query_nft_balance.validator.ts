import { encodeFunctionData, erc721Abi, type Address } from 'viem';
import { defineValidator, parseUintAnswer, sendAs } from 'evm-questbench/validators';

type Params = { address: Address; count: number; first_id: number };
type State = { balance: bigint };

export default defineValidator<Params, State>({
  kind: 'query',
  // The wallet hands a random run of its ids (it starts with 1-10) to a fresh address.
  setup: async ({ chain, params, env, agent }) => {
    for (let id = params.first_id; id < params.first_id + params.count; id++) {
      const data = encodeFunctionData({ abi: erc721Abi, functionName: 'transferFrom', args: [agent, params.address, BigInt(id)] });
      await sendAs(chain, agent, env.erc721_token!, data);
    }
  },
  observe: async ({ chain, params, env }) => ({
    balance: await chain.readContract({ address: env.erc721_token!, abi: erc721Abi, functionName: 'balanceOf', args: [params.address] }),
  }),
  checks: [
    {
      name: 'answer is a whole number',
      weight: 20,
      verify: ({ answer }) => {
        const a = parseUintAnswer(answer);
        return 'error' in a ? { pass: false, detail: a.error } : { pass: true, detail: `answered ${a.value}` };
      },
    },
    {
      name: 'answer equals the on-chain NFT balance',
      weight: 80,
      verify: ({ answer, post }) => {
        const a = parseUintAnswer(answer);
        if ('error' in a) return { pass: false, detail: a.error };
        return { pass: a.value === post.balance, detail: `answered ${a.value}, the address holds ${post.balance}` };
      },
    },
  ],
});
