import { encodeFunctionData, parseAbi, parseUnits, type Address } from 'viem';
import { balanceOf, compareAmount, defineValidator, DEPLOYER, parseUintAnswer, sendAs, setTokenBalance } from 'evm-questbench/validators';

type Params = { pair: { sell: string; sellAddress: Address; buy: string; buyAddress: Address; pool: Address }; amount: string; planted: string };
type State = { quote: bigint };

const ROUTER = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])']);
const PAIR = parseAbi(['function sync()']);

export default defineValidator<Params, State>({
  kind: 'query',
  setup: async ({ chain, params }) => {
    // A donation to the pool, synced into its reserves, makes the quote unguessable from the seeded amounts.
    const { pool, sellAddress } = params.pair;
    await setTokenBalance(chain, sellAddress, pool, (await balanceOf(chain.public, sellAddress, pool)) + parseUnits(params.planted, 18));
    await sendAs(chain, DEPLOYER, pool, encodeFunctionData({ abi: PAIR, functionName: 'sync' }));
  },
  observe: async ({ chain, params, env }) => ({
    quote: (await chain.readContract({ address: env.router!, abi: ROUTER, functionName: 'getAmountsOut', args: [parseUnits(params.amount, 18), [params.pair.sellAddress, params.pair.buyAddress]] }))[1]!,
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
      name: "answer equals the router's quote for the direct path",
      weight: 85,
      verify: ({ answer, pre, params }) => {
        const a = parseUintAnswer(answer);
        if ('error' in a) return { pass: false, detail: a.error };
        return compareAmount('answer', a.value, pre.quote, { symbol: params.pair.buy });
      },
    },
  ],
});
