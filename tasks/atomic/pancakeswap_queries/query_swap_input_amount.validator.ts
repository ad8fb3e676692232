import { encodeFunctionData, parseAbi, parseUnits, type Address } from 'viem';
import { balanceOf, compareAmount, defineValidator, DEPLOYER, parseUintAnswer, sendAs, setTokenBalance } from 'evm-questbench/validators';

type Params = { pair: { sell: string; sellAddress: Address; buy: string; buyAddress: Address; pool: Address }; amount: string; planted: string };
type State = { quote: bigint };

const ROUTER = parseAbi(['function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[])']);
const PAIR = parseAbi(['function sync()']);

export default defineValidator<Params, State>({
  kind: 'query',
  setup: async ({ chain, params }) => {
    // A donation of the output token, synced into the reserves, makes the quote unguessable from the seeded amounts.
    const { pool, buyAddress } = params.pair;
    await setTokenBalance(chain, buyAddress, pool, (await balanceOf(chain.public, buyAddress, pool)) + parseUnits(params.planted, 18));
    await sendAs(chain, DEPLOYER, pool, encodeFunctionData({ abi: PAIR, functionName: 'sync' }));
  },
  observe: async ({ chain, params, env }) => ({
    quote: (await chain.readContract({ address: env.router!, abi: ROUTER, functionName: 'getAmountsIn', args: [parseUnits(params.amount, 18), [params.pair.sellAddress, params.pair.buyAddress]] }))[0]!,
  }),
  checks: [
    {
      name: 'answer is a base-unit amount',
      weight: 15,
      verify: ({ answer }) => {
        const a = parseUintAnswer(answer);
        return 'error' in a ? { pass: false, detail: a.error } : { pass: true, detail: `answered ${a.value}` };
      },
    },
    {
      name: "answer equals the router's required input for the direct path",
      weight: 85,
      verify: ({ answer, pre, params }) => {
        const a = parseUintAnswer(answer);
        if ('error' in a) return { pass: false, detail: a.error };
        return compareAmount('answer', a.value, pre.quote, { symbol: params.pair.sell });
      },
    },
  ],
});
