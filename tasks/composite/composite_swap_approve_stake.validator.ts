import { decodeFunctionData, encodeFunctionData, erc20Abi, parseAbi, parseEther, type Address } from 'viem';
import { balanceOf, compareAmount, defineValidator, sameAddress, sendAs } from 'evm-questbench/validators';

type Params = { amount_bnb: string; staking: Address; slippage: number };
type State = { cake: bigint; staked: bigint; quote: bigint };

const STAKING = parseAbi(['function stakedOf(address) view returns (uint256)']);
const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
  'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
]);
const APPROVALS = parseAbi(['function approve(address spender, uint256 amount) returns (bool)', 'function increaseAllowance(address spender, uint256 addedValue) returns (bool)']);

const bought = (pre: State, post: State) => post.cake - pre.cake + (post.staked - pre.staked);

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Without the standing allowance the approve step is really needed.
  setup: async ({ chain, env, params, agent }) => {
    await sendAs(chain, agent, env.CAKE!, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [params.staking, 0n] }));
  },
  observe: async ({ chain, env, params, agent }) => ({
    cake: await balanceOf(chain, env.CAKE!, agent),
    staked: await chain.readContract({ address: params.staking, abi: STAKING, functionName: 'stakedOf', args: [agent] }),
    quote: (await chain.readContract({ address: env.router!, abi: ROUTER, functionName: 'getAmountsOut', args: [parseEther(params.amount_bnb), [env.WBNB!, env.CAKE!]] }))[1]!,
  }),
  checks: [
    {
      name: 'bought the quoted CAKE with the BNB',
      weight: 20,
      verify: ({ pre, post }) => compareAmount('CAKE bought', bought(pre, post), pre.quote, { rel: 0.01, symbol: 'CAKE' }),
    },
    {
      name: 'the swap set a minimum output within the slippage limit',
      weight: 10,
      verify: ({ txs, env, pre, params }) => {
        const floor = (pre.quote * BigInt(100 - params.slippage)) / 100n;
        for (const t of txs ?? []) {
          if (t.receipt.status !== 'success' || !sameAddress(t.tx.to, env.router!)) continue;
          try {
            const { functionName, args } = decodeFunctionData({ abi: ROUTER, data: t.tx.data });
            if (functionName === 'getAmountsOut') continue;
            const min = args[0] as bigint;
            return { pass: min > 0n && min >= floor - floor / 200n, detail: `amountOutMin ${min}, slippage floor ${floor}` };
          } catch {
            // not a BNB-input swap
          }
        }
        return { pass: false, detail: 'no successful BNB-for-token swap through the router' };
      },
    },
    {
      name: 'approved simple_staking for the CAKE before staking it',
      weight: 20,
      verify: ({ txs, env, pre, post, params }) => {
        const added = post.staked - pre.staked;
        if (added <= 0n) return { pass: false, detail: 'nothing was staked' };
        const list = txs ?? [];
        const lastStake = list.findLastIndex((t) => t.receipt.status === 'success' && sameAddress(t.tx.to, params.staking));
        const granted = list.slice(0, Math.max(lastStake, 0)).flatMap((t) => {
          if (t.receipt.status !== 'success' || !sameAddress(t.tx.to, env.CAKE!)) return [];
          try {
            const { args } = decodeFunctionData({ abi: APPROVALS, data: t.tx.data });
            return sameAddress(args[0], params.staking) ? [args[1]] : [];
          } catch {
            return [];
          }
        });
        const total = granted.reduce((s, a) => s + a, 0n);
        return { pass: granted.length > 0 && total >= added, detail: `approved ${total} before staking ${added}` };
      },
    },
    {
      name: 'staked exactly the CAKE the swap bought',
      weight: 50,
      verify: ({ pre, post }) => {
        const added = post.staked - pre.staked;
        const stake = compareAmount('CAKE staked', added, pre.quote, { rel: 0.01, symbol: 'CAKE' });
        // The CAKE held before stays in the wallet: what is left over or dipped into is at most 0.1 % of the purchase.
        const kept = compareAmount('wallet CAKE change', post.cake - pre.cake, 0n, { abs: pre.quote / 1000n, symbol: 'CAKE' });
        return { pass: stake.pass && kept.pass, detail: `${stake.detail}; ${kept.detail}` };
      },
    },
  ],
});
