import { encodeFunctionData, erc20Abi, parseAbi, parseEther, type Address } from 'viem';
import { compareAmount, defineValidator, parseUintAnswer, sendAs } from 'evm-questbench/validators';

type Params = { token: { label: string; address: Address }; minted: string; holder: Address };
type State = { totalSupply: bigint };

const ISSUE = parseAbi(['function owner() view returns (address)', 'function mint(address to, uint256 amount)', 'function deposit() payable']);

export default defineValidator<Params, State>({
  kind: 'query',
  // A random amount is issued to a random holder, so the supply cannot be known without reading it.
  setup: async ({ chain, env, params }) => {
    const amount = parseEther(params.minted);
    if (params.token.address === env.WBNB) {
      // WBNB's supply is its BNB balance: a real deposit keeps it consistent.
      await chain.test.setBalance({ address: params.holder, value: amount + parseEther('1') });
      await sendAs(chain, params.holder, params.token.address, encodeFunctionData({ abi: ISSUE, functionName: 'deposit' }), amount);
      return;
    }
    const owner = await chain.public.readContract({ address: params.token.address, abi: ISSUE, functionName: 'owner' });
    await sendAs(chain, owner, params.token.address, encodeFunctionData({ abi: ISSUE, functionName: 'mint', args: [params.holder, amount] }));
  },
  observe: async ({ chain, params }) => ({
    totalSupply: await chain.readContract({ address: params.token.address, abi: erc20Abi, functionName: 'totalSupply' }),
  }),
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
      name: 'answer equals the on-chain total supply',
      weight: 80,
      verify: ({ answer, post, params }) => {
        const a = parseUintAnswer(answer);
        if ('error' in a) return { pass: false, detail: a.error };
        return compareAmount('answer', a.value, post.totalSupply, { symbol: params.token.label });
      },
    },
  ],
});
