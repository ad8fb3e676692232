import { erc20Abi, parseEther, zeroAddress, type Address } from 'viem';
import {
  approveAs,
  balanceOf,
  bestQuote,
  bnbSaleAtQuote,
  compareAmount,
  defineValidator,
  fmt,
  highestApproval,
  routerDeposit,
  soleBnbSwap,
  soleSwap,
  successful,
  tokenDecimals,
  transferred,
  type EpisodeTx,
  type EnvMap,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_triple_pool_liquidity'>;
type State = { lp: bigint };

/** Halving a formatted amount by hand may be off in the last digits; anything else is a wrong split. */
const SPLIT = { rel: 0.000001 };

/** The three steps as they happened: BNB → USDT, half the USDT → BUSD, and the deposit. */
function steps(txs: EpisodeTx[] | undefined, env: EnvMap, agent: Address) {
  const lp = env.pair_USDT_BUSD;
  const adds = successful(txs).filter((t) => transferred(t.receipt, lp, zeroAddress, agent) > 0n);
  const bnb = soleBnbSwap(txs, env.router, agent, env.USDT);
  // A deposit also takes USDT from the wallet; it is never the USDT sale.
  const usdt = soleSwap(txs, agent, env.USDT, env.BUSD, (t) => !adds.includes(t));
  const add =
    adds.length === 1 && adds[0]
      ? {
          ...adds[0],
          minted: transferred(adds[0].receipt, lp, zeroAddress, agent),
          usdt: transferred(adds[0].receipt, env.USDT, agent, lp),
          busd: transferred(adds[0].receipt, env.BUSD, agent, lp),
        }
      : undefined;
  return { bnb, usdt, add };
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The standing allowances would make all three approvals pointless: take them away.
  setup: async ({ chain, env, agent }) => {
    for (const token of [env.USDT, env.BUSD]) await approveAs(chain, agent, token, env.router, 0n);
  },
  observe: async ({ chain, env, agent }) => ({ lp: await balanceOf(chain, env.pair_USDT_BUSD, agent) }),
  checks: [
    {
      name: 'sold exactly the requested BNB for the quoted USDT',
      weight: 15,
      verify: (ctx) => bnbSaleAtQuote(ctx, { token: ctx.env.USDT, symbol: 'USDT' }, ctx.params.amount),
    },
    {
      name: 'router approved for the USDT and the BUSD it used',
      weight: 10,
      verify: async ({ chain, txs, env, agent }) => {
        const { usdt, add } = steps(txs, env, agent);
        if (!usdt || !add) return { pass: false, detail: 'the swap or the deposit is missing' };
        const u = highestApproval(txs, env.USDT, agent, env.router);
        const b = highestApproval(txs, env.BUSD, agent, env.router);
        const pass = u >= usdt.sold && u >= add.usdt && b >= add.busd;
        const [du, db] = [await tokenDecimals(chain, env.USDT), await tokenDecimals(chain, env.BUSD)];
        return { pass, detail: `approved up to ${fmt(u, du)} USDT and ${fmt(b, db)} BUSD` };
      },
    },
    {
      name: 'swapped half of that USDT for the quoted BUSD',
      weight: 20,
      verify: async ({ txs, env, agent, params, chain }) => {
        const { bnb, usdt } = steps(txs, env, agent);
        if (!bnb || !usdt) return { pass: false, detail: 'expected one BNB → USDT and one USDT → BUSD swap' };
        if (bnb.tx.value !== parseEther(params.amount))
          return { pass: false, detail: `the first swap sold ${fmt(bnb.tx.value)} BNB, not ${params.amount}` };
        const half = compareAmount('USDT sold', usdt.sold, bnb.got / 2n, {
          ...SPLIT,
          symbol: 'USDT',
          decimals: await tokenDecimals(chain, env.USDT),
        });
        if (!half.pass) return half;
        const quote = await bestQuote(chain, env, usdt.sold, env.USDT, env.BUSD, usdt.receipt.blockNumber - 1n);
        return compareAmount('BUSD received', usdt.got, quote, {
          rel: 0.01,
          symbol: 'BUSD',
          decimals: await tokenDecimals(chain, env.BUSD),
        });
      },
    },
    {
      // With the other USDT half and all the BUSD offered, the router takes what the pool ratio allows.
      name: 'deposited the other USDT half and the swapped BUSD',
      weight: 45,
      verify: async ({ txs, env, agent, params, chain }) => {
        const { bnb, usdt, add } = steps(txs, env, agent);
        if (!bnb || !usdt || !add) return { pass: false, detail: 'expected the two swaps and one USDT/BUSD deposit' };
        if (bnb.tx.value !== parseEther(params.amount))
          return { pass: false, detail: `the first swap sold ${fmt(bnb.tx.value)} BNB, not ${params.amount}` };
        const half = compareAmount('USDT swapped', usdt.sold, bnb.got / 2n, SPLIT);
        if (!half.pass) return { pass: false, detail: `not a half split: ${half.detail}` };
        const pair = env.pair_USDT_BUSD;
        const at = add.receipt.blockNumber - 1n;
        const rU = await chain.readContract({
          address: env.USDT,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [pair],
          blockNumber: at,
        });
        const rB = await chain.readContract({
          address: env.BUSD,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [pair],
          blockNumber: at,
        });
        const [expU, expB] = routerDeposit(bnb.got - usdt.sold, usdt.got, rU, rB);
        const u = compareAmount('USDT deposited', add.usdt, expU, {
          rel: 0.0001,
          symbol: 'USDT',
          decimals: await tokenDecimals(chain, env.USDT),
        });
        const b = compareAmount('BUSD deposited', add.busd, expB, {
          rel: 0.0001,
          symbol: 'BUSD',
          decimals: await tokenDecimals(chain, env.BUSD),
        });
        return { pass: u.pass && b.pass, detail: `${u.detail}; ${b.detail}` };
      },
    },
    {
      name: 'the new LP is in the wallet',
      weight: 10,
      verify: ({ txs, env, agent, pre, post }) => {
        const { add } = steps(txs, env, agent);
        if (!add) return { pass: false, detail: 'no deposit' };
        return compareAmount('LP gained', post.lp - pre.lp, add.minted, { symbol: 'LP' });
      },
    },
  ],
});
