import { encodeFunctionData, erc20Abi, parseEther, parseUnits, type Address } from 'viem';
import { allowanceOf, compareAmount, defineValidator, parseUintAnswer, sendAs } from 'evm-questbench/validators';

type Params = { token: { symbol: string; address: Address }; owner: Address; spender: Address; planted: string };
type State = { allowance: bigint };

export default defineValidator<Params, State>({
  kind: 'query',
  // The owner approves the spender with a real transaction, so the allowance exists only on chain.
  setup: async ({ chain, params }) => {
    await chain.test.setBalance({ address: params.owner, value: parseEther('1') });
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [params.spender, parseUnits(params.planted, 18)] });
    await sendAs(chain, params.owner, params.token.address, data);
  },
  observe: async ({ chain, params }) => ({ allowance: await allowanceOf(chain, params.token.address, params.owner, params.spender) }),
  checks: [
    {
      name: 'answer is a base-unit amount',
      weight: 20,
      verify: ({ answer }) => {
        const a = parseUintAnswer(answer);
        return 'error' in a ? { pass: false, detail: a.error } : { pass: true, detail: `answered ${a.value}` };
      },
    },
    {
      name: 'answer equals the on-chain allowance',
      weight: 80,
      verify: ({ answer, post, params }) => {
        const a = parseUintAnswer(answer);
        if ('error' in a) return { pass: false, detail: a.error };
        return compareAmount('answer', a.value, post.allowance, { symbol: params.token.symbol });
      },
    },
  ],
});
