import { decodeFunctionData, encodeFunctionData, erc20Abi, parseAbi, parseEther } from 'viem';
import { balanceOf, compareAmount, defineValidator, sameAddress, selectorOf, sendAs } from 'evm-questbench/validators';

type Params = { amount: string };
type State = { wbnb: bigint; usdt: bigint; quote: bigint };

const ROUTER = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])']);
const APPROVALS = parseAbi(['function approve(address spender, uint256 amount) returns (bool)', 'function increaseAllowance(address spender, uint256 addedValue) returns (bool)']);

const wrappedAmount = (txs: { tx: { to: string; data: string; value: bigint }; receipt: { status: string } }[] | undefined, wbnb: `0x${string}`) =>
  (txs ?? []).filter((t) => t.receipt.status === 'success' && sameAddress(t.tx.to, wbnb) && t.tx.data.startsWith(selectorOf('deposit()'))).reduce((s, t) => s + t.tx.value, 0n);

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Without the standing WBNB allowance the approve step is really needed.
  setup: async ({ chain, env, agent }) => {
    await sendAs(chain, agent, env.WBNB!, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [env.router!, 0n] }));
  },
  observe: async ({ chain, env, params, agent }) => ({
    wbnb: await balanceOf(chain, env.WBNB!, agent),
    usdt: await balanceOf(chain, env.USDT!, agent),
    quote: (await chain.readContract({ address: env.router!, abi: ROUTER, functionName: 'getAmountsOut', args: [parseEther(params.amount), [env.WBNB!, env.USDT!]] }))[1]!,
  }),
  checks: [
    {
      name: 'wrapped exactly the requested BNB',
      weight: 20,
      verify: ({ txs, env, params }) => compareAmount('wrapped', wrappedAmount(txs, env.WBNB!), parseEther(params.amount), { symbol: 'BNB' }),
    },
    {
      name: 'approved the router for the WBNB before swapping',
      weight: 20,
      verify: ({ txs, env, params }) => {
        const list = txs ?? [];
        const lastSwap = list.findLastIndex((t) => t.receipt.status === 'success' && sameAddress(t.tx.to, env.router!));
        if (lastSwap < 0) return { pass: false, detail: 'no successful router call' };
        const granted = list.slice(0, lastSwap).flatMap((t) => {
          if (t.receipt.status !== 'success' || !sameAddress(t.tx.to, env.WBNB!)) return [];
          try {
            const { args } = decodeFunctionData({ abi: APPROVALS, data: t.tx.data });
            return sameAddress(args[0], env.router!) ? [args[1]] : [];
          } catch {
            return [];
          }
        });
        const total = granted.reduce((s, a) => s + a, 0n);
        return { pass: granted.length > 0 && total >= parseEther(params.amount), detail: `approved ${total} WBNB before the swap` };
      },
    },
    {
      name: 'received the quoted USDT for the WBNB',
      weight: 45,
      verify: ({ pre, post }) => compareAmount('USDT received', post.usdt - pre.usdt, pre.quote, { rel: 0.01, symbol: 'USDT' }),
    },
    {
      name: 'sold exactly the wrapped WBNB',
      weight: 15,
      verify: ({ pre, post, txs, env }) => {
        // Wrapped and sold the same amount: the WBNB holding ends where it started.
        if (wrappedAmount(txs, env.WBNB!) === 0n) return { pass: false, detail: 'nothing was wrapped' };
        if (post.usdt <= pre.usdt) return { pass: false, detail: 'nothing was swapped' };
        return compareAmount('WBNB holding change', post.wbnb - pre.wbnb, 0n, { symbol: 'WBNB' });
      },
    },
  ],
});
