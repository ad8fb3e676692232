import { encodeFunctionData, parseAbi, parseEther } from 'viem';
import { balanceOf, compareAmount, defineValidator, nativeBalance, parseUintAnswer, sendAs } from 'evm-questbench/validators';

type Params = { amount: string; planted: string };
type State = { wbnb: bigint; bnb: bigint };

function answerUint(answer: unknown, key: string): { value: bigint } | { error: string } {
  if (typeof answer !== 'object' || answer === null) return { error: `answer is not an object with "${key}"` };
  return parseUintAnswer((answer as Record<string, unknown>)[key]);
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // A per-instance extra WBNB deposit, so the balance to report cannot be known without reading it.
  setup: async ({ chain, env, params, agent }) => {
    await sendAs(chain, agent, env.WBNB!, encodeFunctionData({ abi: parseAbi(['function deposit() payable']), functionName: 'deposit' }), parseEther(params.planted));
  },
  observe: async ({ chain, env, agent }) => ({ wbnb: await balanceOf(chain, env.WBNB!, agent), bnb: await nativeBalance(chain, agent) }),
  checks: [
    {
      name: 'WBNB balance rose by exactly the requested amount',
      weight: 45,
      verify: ({ pre, post, params }) => compareAmount('WBNB gained', post.wbnb - pre.wbnb, parseEther(params.amount), { symbol: 'WBNB' }),
    },
    {
      name: 'the BNB spent is the amount plus gas',
      weight: 10,
      verify: ({ pre, post, txs, params }) => {
        const gas = (txs ?? []).reduce((s, t) => s + t.receipt.gasUsed * t.receipt.effectiveGasPrice, 0n);
        return compareAmount('BNB spent besides gas', pre.bnb - post.bnb - gas, parseEther(params.amount), { symbol: 'BNB' });
      },
    },
    {
      name: 'reported WBNB balance matches the chain',
      weight: 45,
      verify: ({ answer, post }) => {
        const a = answerUint(answer, 'wbnbBalance');
        return 'error' in a ? { pass: false, detail: a.error } : compareAmount('reported WBNB', a.value, post.wbnb, { symbol: 'WBNB' });
      },
    },
  ],
});
