import { parseEther, type Address } from 'viem';
import { compareAmount, defineValidator, nativeBalance, parseUintAnswer } from 'evm-questbench/validators';

type Params = { address: Address; planted: string };
type State = { balance: bigint };

export default defineValidator<Params, State>({
  kind: 'query',
  // An unguessable balance is planted first, so only reading the chain gives the answer.
  setup: async ({ chain, params }) => {
    await chain.test.setBalance({ address: params.address, value: parseEther(params.planted) });
  },
  observe: async ({ chain, params }) => ({ balance: await nativeBalance(chain, params.address) }),
  checks: [
    {
      name: 'answer is a wei amount',
      weight: 20,
      verify: ({ answer }) => {
        const a = parseUintAnswer(answer);
        return 'error' in a ? { pass: false, detail: a.error } : { pass: true, detail: `answered ${a.value}` };
      },
    },
    {
      name: 'answer equals the on-chain balance',
      weight: 80,
      verify: ({ answer, post }) => {
        const a = parseUintAnswer(answer);
        if ('error' in a) return { pass: false, detail: a.error };
        return compareAmount('answer', a.value, post.balance, { symbol: 'wei', decimals: 0 });
      },
    },
  ],
});
