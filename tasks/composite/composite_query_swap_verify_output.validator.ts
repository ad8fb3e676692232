import { decodeFunctionData, encodeFunctionData, parseAbi, parseEther, parseUnits } from 'viem';
import { balanceOf, compareAmount, defineValidator, DEPLOYER, parseUintAnswer, sameAddress, sendAs, setTokenBalance } from 'evm-questbench/validators';

type Params = { amount_bnb: string; slippage: number; poolWbnb: string; poolPrice: string; plantedUsdt: string };
type State = { usdt: bigint; poolWbnb: bigint; quote: bigint };

const PAIR = parseAbi(['function sync()']);
const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
  'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);

function answerUint(answer: unknown, key: string): { value: bigint } | { error: string } {
  if (typeof answer !== 'object' || answer === null) return { error: `answer is not an object with "${key}"` };
  return parseUintAnswer((answer as Record<string, unknown>)[key]);
}

const swapped = (pre: State, post: State, p: Params) => post.poolWbnb - pre.poolWbnb === parseEther(p.amount_bnb) && post.usdt > pre.usdt;

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Per-instance pool reserves (near 600 USDT per BNB) and USDT holdings: quote and balance are unguessable.
  setup: async ({ chain, env, params, agent }) => {
    const pair = env.pair_WBNB_USDT!;
    const wbnb = parseEther(params.poolWbnb);
    await setTokenBalance(chain, env.WBNB!, pair, wbnb);
    await setTokenBalance(chain, env.USDT!, pair, (wbnb * parseUnits(params.poolPrice, 2)) / 100n);
    await sendAs(chain, DEPLOYER, pair, encodeFunctionData({ abi: PAIR, functionName: 'sync' }));
    await setTokenBalance(chain, env.USDT!, agent, parseEther(params.plantedUsdt));
  },
  observe: async ({ chain, env, params, agent }) => ({
    usdt: await balanceOf(chain, env.USDT!, agent),
    poolWbnb: await balanceOf(chain, env.WBNB!, env.pair_WBNB_USDT!),
    quote: (await chain.readContract({ address: env.router!, abi: ROUTER, functionName: 'getAmountsOut', args: [parseEther(params.amount_bnb), [env.WBNB!, env.USDT!]] }))[1]!,
  }),
  checks: [
    {
      name: 'swapped exactly the requested BNB for the quoted USDT',
      weight: 35,
      verify: ({ pre, post, params }) => {
        const into = compareAmount('WBNB into the pool', post.poolWbnb - pre.poolWbnb, parseEther(params.amount_bnb), { symbol: 'WBNB' });
        const out = compareAmount('USDT received', post.usdt - pre.usdt, pre.quote, { rel: 0.01, symbol: 'USDT' });
        return { pass: into.pass && out.pass, detail: `${into.detail}; ${out.detail}` };
      },
    },
    {
      name: 'the swap set a minimum output within the slippage limit',
      weight: 15,
      verify: ({ txs, env, pre, params }) => {
        const floor = (pre.quote * BigInt(100 - params.slippage)) / 100n;
        const mins: bigint[] = [];
        for (const t of txs ?? []) {
          if (t.receipt.status !== 'success' || !sameAddress(t.tx.to, env.router!)) continue;
          try {
            const { functionName, args } = decodeFunctionData({ abi: ROUTER, data: t.tx.data });
            if (functionName.startsWith('swapExactETH')) mins.push(args[0] as bigint);
            else if (functionName.startsWith('swapExactTokens')) mins.push(args[1] as bigint);
          } catch {
            // not a swap
          }
        }
        if (!mins.length) return { pass: false, detail: 'no successful exact-input swap through the router' };
        // 0.5 % grace below the floor for a percentage rounded differently.
        const pass = mins.every((m) => m > 0n && m >= floor - floor / 200n);
        return { pass, detail: `amountOutMin ${mins.join(', ')}, slippage floor ${floor}` };
      },
    },
    {
      name: 'answer reports the pre-swap quote',
      weight: 15,
      verify: ({ answer, pre, post, params }) => {
        if (!swapped(pre, post, params)) return { pass: false, detail: 'the requested swap did not happen' };
        const a = answerUint(answer, 'quoted');
        // 0.1 %: the fee-exact formula hits it; a fee-less spot-price estimate (0.3 % high) does not.
        return 'error' in a ? { pass: false, detail: a.error } : compareAmount('reported quote', a.value, pre.quote, { rel: 0.001, symbol: 'USDT' });
      },
    },
    {
      name: 'answer reports the USDT received',
      weight: 15,
      verify: ({ answer, pre, post, params }) => {
        if (!swapped(pre, post, params)) return { pass: false, detail: 'the requested swap did not happen' };
        const a = answerUint(answer, 'received');
        return 'error' in a ? { pass: false, detail: a.error } : compareAmount('reported received', a.value, post.usdt - pre.usdt, { symbol: 'USDT' });
      },
    },
    {
      name: 'answer reports the USDT balance after the swap',
      weight: 20,
      verify: ({ answer, pre, post, params }) => {
        if (!swapped(pre, post, params)) return { pass: false, detail: 'the requested swap did not happen' };
        const a = answerUint(answer, 'usdtBalance');
        return 'error' in a ? { pass: false, detail: a.error } : compareAmount('reported balance', a.value, post.usdt, { symbol: 'USDT' });
      },
    },
  ],
});
