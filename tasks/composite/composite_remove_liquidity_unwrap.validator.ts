import { decodeFunctionData, parseAbi, parseEther } from 'viem';
import {
  answerUint,
  balanceOf,
  compareAmount,
  defineValidator,
  episodeGas,
  nativeBalance,
  REMOVE_LIQUIDITY,
  REMOVE_LIQUIDITY_ETH,
  reportsUint,
  sameAddress,
  selectorOf,
  slippageFloor,
  successful,
  tokenDecimals,
  totalSupplyOf,
  withGrace,
  wrapAs,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_remove_liquidity_unwrap'>;
type State = { lp: bigint; wbnb: bigint; usdt: bigint; bnb: bigint; poolWbnb: bigint; poolUsdt: bigint; supply: bigint };

const ROUTER = [...REMOVE_LIQUIDITY, ...REMOVE_LIQUIDITY_ETH];
const WITHDRAW = parseAbi(['function withdraw(uint256 wad)']);

/** The requested share of the wallet's LP and what it is worth in each token at the pre-state. */
function share(pre: State, p: Params) {
  const burn = (pre.lp * BigInt(p.percent)) / 100n;
  return { burn, wbnb: (burn * pre.poolWbnb) / pre.supply, usdt: (burn * pre.poolUsdt) / pre.supply };
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // A per-instance WBNB holding the unwrap must leave alone, and the balance to report is unguessable.
  setup: async ({ chain, env, params, agent }) => {
    await wrapAs(chain, agent, env.WBNB, parseEther(params.plantedWbnb));
  },
  observe: async ({ chain, env, agent }) => {
    const pair = env.pair_WBNB_USDT;
    return {
      lp: await balanceOf(chain, pair, agent),
      wbnb: await balanceOf(chain, env.WBNB, agent),
      usdt: await balanceOf(chain, env.USDT, agent),
      bnb: await nativeBalance(chain, agent),
      poolWbnb: await balanceOf(chain, env.WBNB, pair),
      poolUsdt: await balanceOf(chain, env.USDT, pair),
      supply: await totalSupplyOf(chain, pair),
    };
  },
  checks: [
    {
      name: 'burned the requested share of the WBNB/USDT LP',
      weight: 20,
      verify: ({ pre, post, params }) => compareAmount('LP burned', pre.lp - post.lp, share(pre, params).burn, { abs: 1n, symbol: 'LP' }),
    },
    {
      name: 'received the USDT part of the share',
      weight: 10,
      verify: async ({ chain, env, pre, post, params }) =>
        compareAmount('USDT received', post.usdt - pre.usdt, share(pre, params).usdt, {
          rel: 0.01,
          symbol: 'USDT',
          decimals: await tokenDecimals(chain, env.USDT),
        }),
    },
    {
      name: 'the WBNB part ended up as BNB and the earlier WBNB stayed',
      weight: 35,
      verify: ({ pre, post, txs, params }) => {
        const { wbnb } = share(pre, params);
        const bnb = compareAmount('BNB gained besides gas', post.bnb - pre.bnb + episodeGas(txs), wbnb, { rel: 0.01, symbol: 'BNB' });
        const kept = compareAmount('WBNB holding change', post.wbnb - pre.wbnb, 0n, { abs: wbnb / 100n, symbol: 'WBNB' });
        return { pass: bnb.pass && kept.pass, detail: `${bnb.detail}; ${kept.detail}` };
      },
    },
    {
      name: 'the WBNB was unwrapped with WBNB.withdraw',
      weight: 10,
      verify: ({ txs, env, pre, params }) => {
        const { wbnb } = share(pre, params);
        const amounts = successful(txs)
          .filter((t) => sameAddress(t.tx.to, env.WBNB) && t.tx.data.startsWith(selectorOf('withdraw(uint256)')))
          .map((t) => decodeFunctionData({ abi: WITHDRAW, data: t.tx.data }).args[0]);
        if (!amounts.length) return { pass: false, detail: 'no successful WBNB.withdraw' };
        return compareAmount(
          'WBNB unwrapped',
          amounts.reduce((s, a) => s + a, 0n),
          wbnb,
          { rel: 0.01, symbol: 'WBNB' },
        );
      },
    },
    {
      name: 'the removal set minimums within the slippage limit',
      weight: 5,
      verify: ({ txs, env, pre, params }) => {
        const s = share(pre, params);
        const floor = (x: bigint) => withGrace(slippageFloor(x, params.slippage));
        for (const t of successful(txs)) {
          if (!sameAddress(t.tx.to, env.router)) continue;
          let mins: { wbnb: bigint; usdt: bigint } | undefined;
          try {
            const d = decodeFunctionData({ abi: ROUTER, data: t.tx.data });
            if (d.functionName === 'removeLiquidity') {
              const [a, , , minA, minB] = d.args;
              mins = sameAddress(a, env.WBNB) ? { wbnb: minA, usdt: minB } : { wbnb: minB, usdt: minA };
            } else {
              mins = { usdt: d.args[2], wbnb: d.args[3] };
            }
          } catch {
            continue;
          }
          const pass = mins.wbnb > 0n && mins.usdt > 0n && mins.wbnb >= floor(s.wbnb) && mins.usdt >= floor(s.usdt);
          return { pass, detail: `WBNB min ${mins.wbnb} (floor ${floor(s.wbnb)}), USDT min ${mins.usdt} (floor ${floor(s.usdt)})` };
        }
        return { pass: false, detail: 'no successful liquidity removal through the router' };
      },
    },
    reportsUint('answer reports the final WBNB balance', 20, {
      read: (answer) => answerUint(answer, 'wbnbBalance'),
      unless: ({ pre, post }) => (post.lp >= pre.lp ? 'no liquidity was removed' : undefined),
      compare: (v, { post }) => compareAmount('reported WBNB', v, post.wbnb, { symbol: 'WBNB' }),
    }),
  ],
});
