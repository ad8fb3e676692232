import { parseEther, type Address } from 'viem';
import { compareAmount, defineValidator, nativeBalance, parseUintAnswer } from 'evm-questbench/validators';

type Params = { to: Address; amount: string; planted: string };
type State = { recipient: bigint; agent: bigint };

function answerUint(answer: unknown, key: string): { value: bigint } | { error: string } {
  if (typeof answer !== 'object' || answer === null) return { error: `answer is not an object with "${key}"` };
  return parseUintAnswer((answer as Record<string, unknown>)[key]);
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The recipient starts with a per-instance balance, so its final balance has to be read.
  setup: async ({ chain, params }) => {
    await chain.test.setBalance({ address: params.to, value: parseEther(params.planted) });
  },
  observe: async ({ chain, params, agent }) => ({ recipient: await nativeBalance(chain, params.to), agent: await nativeBalance(chain, agent) }),
  checks: [
    {
      name: 'recipient received exactly the requested BNB',
      weight: 45,
      verify: ({ pre, post, params }) => compareAmount('received', post.recipient - pre.recipient, parseEther(params.amount), { symbol: 'BNB' }),
    },
    {
      name: 'wallet paid the amount plus gas only',
      weight: 10,
      verify: ({ pre, post, txs, params }) => {
        const gas = (txs ?? []).reduce((s, t) => s + t.receipt.gasUsed * t.receipt.effectiveGasPrice, 0n);
        return compareAmount('BNB spent besides gas', pre.agent - post.agent - gas, parseEther(params.amount), { symbol: 'BNB' });
      },
    },
    {
      name: "reported balance matches the recipient's balance on chain",
      weight: 45,
      verify: ({ answer, post }) => {
        const a = answerUint(answer, 'recipientBalance');
        return 'error' in a ? { pass: false, detail: a.error } : compareAmount('reported balance', a.value, post.recipient, { symbol: 'BNB' });
      },
    },
  ],
});
