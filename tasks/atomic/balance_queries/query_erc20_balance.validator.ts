import { parseUnits, type Address } from 'viem';
import { balanceOf, compareAmount, defineValidator, parseUintAnswer, setTokenBalance } from 'evm-questbench/validators';


type Params = { token: { symbol: string; address: Address }; address: Address; planted: string };
type State = { balance: bigint };

export default defineValidator<Params, State>({
  kind: 'query',
  setup: async ({ chain, params }) => {
    await setTokenBalance(chain, params.token.address, params.address, parseUnits(params.planted, 18));
  },
  observe: async ({ chain, params }) => ({ balance: await balanceOf(chain, params.token.address, params.address) }),
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
      name: 'answer equals the on-chain balance',
      weight: 80,
      verify: ({ answer, post, params }) => {
        const a = parseUintAnswer(answer);
        if ('error' in a) return { pass: false, detail: a.error };
        return compareAmount('answer', a.value, post.balance, { symbol: params.token.symbol });
      },
    },
  ],
});
