import { decodeAbiParameters, decodeFunctionData, encodeFunctionData, erc20Abi, isAddressEqual, parseAbi, parseUnits, type Address, type Hex } from 'viem';
import { allowanceOf, balanceOf, compareAmount, defineValidator, parseUintAnswer, selectorOf, sendAs, type CheckContext } from 'evm-questbench/validators';

type Params = { amount: string; slippage: number; busd_after: string };
type State = { usdt: bigint; busd: bigint; allowance: bigint; quote: bigint };

const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);
const SWAPS = [
  selectorOf('swapExactTokensForTokens(uint256,uint256,address[],address,uint256)'),
  selectorOf('swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256,uint256,address[],address,uint256)'),
];
const amount = (p: Pick<Params, 'amount'>) => parseUnits(p.amount, 18);

function swapTx({ txs, env }: CheckContext<Params, State>) {
  return (txs ?? []).find((t) => t.receipt.status === 'success' && isAddressEqual(t.tx.to, env.router!) && SWAPS.includes(t.tx.data.slice(0, 10).toLowerCase() as `0x${string}`));
}

const APPROVALS: Hex[] = [selectorOf('approve(address,uint256)'), selectorOf('increaseAllowance(address,uint256)')];
/** Whether the episode raised `spender`'s allowance on `token` with a successful approve or increaseAllowance. */
function approvalSent(txs: CheckContext<Params, State>['txs'], token: Address, spender: Address): boolean {
  return (txs ?? []).some((t) => {
    if (t.receipt.status !== 'success' || !isAddressEqual(t.tx.to, token) || !APPROVALS.includes(t.tx.data.slice(0, 10).toLowerCase() as Hex)) return false;
    try {
      return isAddressEqual(decodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], `0x${t.tx.data.slice(10)}`)[0], spender);
    } catch {
      return false;
    }
  });
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Only the scripted reference uses this value; the check below compares with the chain itself.
  derive: async ({ chain, env, agent, params }) => {
    const busd = await balanceOf(chain.public, env.BUSD!, agent);
    const out = await chain.public.readContract({ address: env.router!, abi: ROUTER, functionName: 'getAmountsOut', args: [amount(params), [env.USDT!, env.BUSD!]] });
    return { busd_after: (busd + out[1]!).toString() };
  },
  // Without the standing router allowance the approve step is really needed.
  setup: async ({ chain, env, agent }) => {
    await sendAs(chain, agent, env.USDT!, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [env.router!, 0n] }));
  },
  observe: async ({ chain, env, agent, params }) => ({
    usdt: await balanceOf(chain, env.USDT!, agent),
    busd: await balanceOf(chain, env.BUSD!, agent),
    allowance: await allowanceOf(chain, env.USDT!, agent, env.router!),
    quote: (await chain.readContract({ address: env.router!, abi: ROUTER, functionName: 'getAmountsOut', args: [amount(params), [env.USDT!, env.BUSD!]] }))[1]!,
  }),
  checks: [
    {
      name: 'router was approved for exactly the requested USDT and the swap used it',
      weight: 15,
      verify: ({ pre, post, params, txs, env }) => {
        if (!approvalSent(txs, env.USDT!, env.router!)) return { pass: false, detail: 'no successful approve of the router on USDT' };
        const spent = pre.usdt - post.usdt;
        if (spent <= 0n) return { pass: false, detail: 'no USDT left the wallet' };
        return compareAmount('USDT allowance granted', post.allowance + spent, amount(params), { symbol: 'USDT' });
      },
    },
    {
      name: 'sold exactly the requested USDT',
      weight: 15,
      verify: ({ pre, post, params }) => compareAmount('USDT sold', pre.usdt - post.usdt, amount(params), { symbol: 'USDT' }),
    },
    {
      name: 'received the quoted amount of BUSD',
      weight: 35,
      verify: ({ pre, post }) => compareAmount('BUSD received', post.busd - pre.busd, pre.quote, { rel: 0.01, symbol: 'BUSD' }),
    },
    {
      name: 'amountOutMin enforces the slippage limit',
      weight: 15,
      verify: (ctx) => {
        const swap = swapTx(ctx);
        if (!swap) return { pass: false, detail: 'no successful swapExactTokensForTokens through the router' };
        const min = decodeFunctionData({ abi: ROUTER, data: swap.tx.data }).args[1] as bigint;
        const floor = (ctx.pre.quote * BigInt(100 - ctx.params.slippage)) / 100n;
        const pass = min > 0n && min >= floor - floor / 200n; // 0.5 % rounding grace
        return { pass, detail: `amountOutMin ${min}, slippage floor ${floor}` };
      },
    },
    {
      // Only meaningful once the swap happened: an untouched balance reported back earns nothing.
      name: 'reported BUSD balance equals the balance after the swap',
      weight: 20,
      verify: ({ answer, pre, post }) => {
        if (post.busd === pre.busd) return { pass: false, detail: 'the BUSD balance never changed' };
        const a = parseUintAnswer(answer);
        if ('error' in a) return { pass: false, detail: a.error };
        return compareAmount('reported', a.value, post.busd, { symbol: 'BUSD' });
      },
    },
  ],
});
