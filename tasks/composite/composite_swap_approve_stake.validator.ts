import { decodeFunctionData, parseEther } from 'viem';
import {
  approvalsBefore,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  GET_AMOUNTS_OUT,
  lastCallTo,
  minOutVsQuote,
  quoteOut,
  sameAddress,
  stakedOf,
  successful,
  SWAP_EXACT_ETH_FOR_TOKENS,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_swap_approve_stake'>;
type State = { cake: bigint; staked: bigint; quote: bigint };

const ROUTER = [...GET_AMOUNTS_OUT, ...SWAP_EXACT_ETH_FOR_TOKENS];

const bought = (pre: State, post: State) => post.cake - pre.cake + (post.staked - pre.staked);

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Without the standing allowance the approve step is really needed.
  setup: async ({ chain, env, params, agent }) => {
    await approveAs(chain, agent, env.CAKE, params.staking, 0n);
  },
  observe: async ({ chain, env, params, agent }) => ({
    cake: await balanceOf(chain, env.CAKE, agent),
    staked: await stakedOf(chain, params.staking, agent),
    quote: await quoteOut(chain, env.router, parseEther(params.amount_bnb), [env.WBNB, env.CAKE]),
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
        for (const t of successful(txs)) {
          if (!sameAddress(t.tx.to, env.router)) continue;
          try {
            const { functionName, args } = decodeFunctionData({ abi: ROUTER, data: t.tx.data });
            if (functionName === 'getAmountsOut') continue;
            return minOutVsQuote(args[0] as bigint, pre.quote, params.slippage);
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
        const granted = approvalsBefore(txs, env.CAKE, params.staking, Math.max(lastCallTo(txs, params.staking), 0));
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
