import { encodeFunctionData, erc20Abi, parseUnits, type Address } from 'viem';
import { allowanceOf, compareAmount, defineValidator, parseUintAnswer, sendAs } from 'evm-questbench/validators';

type Params = { token: { symbol: string; address: Address }; spender: Address; amount: string; planted: string };
type State = { allowance: bigint };

/** One field of the submitted answer object as an unsigned integer. */
function answerUint(answer: unknown, key: string): { value: bigint } | { error: string } {
  if (typeof answer !== 'object' || answer === null) return { error: `answer is not an object with "${key}"` };
  return parseUintAnswer((answer as Record<string, unknown>)[key]);
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The spender already holds an allowance of a per-instance size, so only a read reveals the "before" value.
  setup: async ({ chain, params, agent }) => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [params.spender, parseUnits(params.planted, 18)] });
    await sendAs(chain, agent, params.token.address, data);
  },
  observe: async ({ chain, params, agent }) => ({ allowance: await allowanceOf(chain, params.token.address, agent, params.spender) }),
  checks: [
    {
      name: 'allowance for the spender is exactly the requested amount',
      weight: 55,
      verify: ({ post, params }) => compareAmount('allowance', post.allowance, parseUnits(params.amount, 18), { symbol: params.token.symbol }),
    },
    {
      name: 'answer reports the allowance before the change',
      weight: 25,
      verify: ({ answer, pre, params }) => {
        const a = answerUint(answer, 'before');
        return 'error' in a ? { pass: false, detail: a.error } : compareAmount('reported before', a.value, pre.allowance, { symbol: params.token.symbol });
      },
    },
    {
      name: 'answer reports the allowance after the change',
      weight: 20,
      verify: ({ answer, post, params }) => {
        const a = answerUint(answer, 'after');
        return 'error' in a ? { pass: false, detail: a.error } : compareAmount('reported after', a.value, post.allowance, { symbol: params.token.symbol });
      },
    },
  ],
});
