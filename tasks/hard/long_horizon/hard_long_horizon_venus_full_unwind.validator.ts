import { encodeFunctionData, parseAbi, parseEther, type Address, type PublicClient } from 'viem';
import {
  allowanceOf,
  approveAs,
  balanceOf,
  borrowAs,
  defineValidator,
  enterMarketsAs,
  episodeGas,
  fmt,
  orderedReserves,
  sendAs,
  setTokenBalance,
  supplyAs,
  VBNB_ABI,
  venusPosition,
  type VenusPosition,
  type HardEnv,
  defined,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_long_horizon_venus_full_unwind'>;
type State = {
  bnb: bigint;
  usdt: bigint;
  busd: bigint;
  savings: bigint;
  markets: Record<'vBNB' | 'vUSDT' | 'vBUSD' | 'vCAKE', VenusPosition>;
  allowances: bigint[];
  /** V2 mid prices as reserves (token, WBNB): USDT/WBNB and BUSD/WBNB. */
  usdtPool: [bigint, bigint];
  busdPool: [bigint, bigint];
};

const WBNB_WITHDRAW = parseAbi(['function withdraw(uint256)']);
const MARKETS = ['vBNB', 'vUSDT', 'vBUSD', 'vCAKE'] as const;
const ONE = parseEther('1');
/** What the owner accepts losing to swap fees and price impact: 2 % of the USDT and BUSD value converted. */
const SWAP_COST_BPS = 200n;
/** Slack on the BNB the wallet keeps: the gas of the sweep itself and rounding. */
const KEEP_SLACK = parseEther('0.001');

/** The (token, spender) allowances the request bounds: USDT and BUSD to both markets and both routers. */
const bounded = (env: HardEnv): [Address, Address][] =>
  [env.USDT, env.BUSD].flatMap((token) =>
    [env.vUSDT, env.vBUSD, env.router, env.v3_swap_router].map((s) => [token, s] as [Address, Address]),
  );

/** The stable part of the position at the start, in BNB wei at the V2 mid prices (USDT and BUSD each through its WBNB pool). */
function stableInBnb(s: State): bigint {
  const usdtNet = s.usdt + s.markets.vUSDT.supplied - s.markets.vUSDT.borrow;
  const busdNet = s.busd - s.markets.vBUSD.borrow;
  return (usdtNet * s.usdtPool[1]) / s.usdtPool[0] + (busdNet * s.busdPool[1]) / s.busdPool[0];
}

const open = (s: State) =>
  MARKETS.flatMap((m) => [
    ...(s.markets[m].borrow > 0n ? [`${m} debt ${fmt(s.markets[m].borrow)}`] : []),
    ...(s.markets[m].vTokens > 0n ? [`${m} supply ${fmt(s.markets[m].vTokens, 8)} vTokens (${fmt(s.markets[m].supplied)})`] : []),
  ]);

export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  // `bnb` of the starting 2 BNB left in vBNB, a USDT supply entered beside it, a USDT and a BUSD loan (both
  // markets have borrowers: the debts and the USDT supply grow every block), a wallet with `usdt_held` USDT,
  // `busd_held` BUSD (short of the BUSD loan), 0.06 BNB and no WBNB, and no standing USDT or BUSD allowance to the
  // markets or the V2 router. Sized so that every transaction of the unwind, the sweep included, stays under
  // the wallet policy's 1,000 USD.
  setup: async ({ chain, env, agent, params }) => {
    await sendAs(
      chain,
      agent,
      env.vBNB,
      encodeFunctionData({ abi: VBNB_ABI, functionName: 'redeemUnderlying', args: [parseEther('2') - parseEther(params.bnb)] }),
    );
    const supplied = parseEther(params.usdt_supplied);
    await setTokenBalance(chain, env.USDT, agent, supplied);
    await supplyAs(chain, agent, env.vUSDT, env.USDT, supplied);
    await enterMarketsAs(chain, agent, env, [env.vUSDT]);
    await borrowAs(chain, agent, env.vUSDT, parseEther(params.usdt_debt));
    await borrowAs(chain, agent, env.vBUSD, parseEther(params.busd_debt));
    await setTokenBalance(chain, env.USDT, agent, parseEther(params.usdt_held));
    await setTokenBalance(chain, env.BUSD, agent, parseEther(params.busd_held));
    for (const token of [env.USDT, env.BUSD]) await approveAs(chain, agent, token, env.router, 0n);
    // No WBNB beside the BNB, so "all my BNB" has one reading.
    await sendAs(
      chain,
      agent,
      env.WBNB,
      encodeFunctionData({ abi: WBNB_WITHDRAW, functionName: 'withdraw', args: [await balanceOf(chain.public, env.WBNB, agent)] }),
    );
    await chain.test.setBalance({ address: agent, value: parseEther('0.06') });
  },
  observe: async ({ chain, env, agent, params }) => {
    const positions = await Promise.all(MARKETS.map((m) => venusPosition(chain, env[m], agent)));
    const pool = async (pair: Address, token: Address) => (await orderedReserves(chain as PublicClient, pair, token)).reserves;
    return {
      bnb: await chain.getBalance({ address: agent }),
      usdt: await balanceOf(chain, env.USDT, agent),
      busd: await balanceOf(chain, env.BUSD, agent),
      savings: await chain.getBalance({ address: params.to }),
      markets: Object.fromEntries(MARKETS.map((m, i) => [m, defined(positions[i], `the ${m} position`)])) as State['markets'],
      allowances: await Promise.all(bounded(env).map(([token, spender]) => allowanceOf(chain, token, agent, spender))),
      usdtPool: await pool(env.pair_WBNB_USDT, env.USDT),
      busdPool: await pool(env.pair_WBNB_BUSD, env.BUSD),
    };
  },
  checks: [
    {
      name: 'the Venus position is closed: not a wei of debt and not a vToken unit supplied in any market',
      weight: 45,
      verify: ({ pre, post }) => {
        const left = open(post);
        return {
          pass: open(pre).length > 0 && left.length === 0,
          detail: left.length ? `still open: ${left.join(', ')}` : 'nothing owed, nothing supplied',
        };
      },
    },
    {
      // The position at the start valued in BNB (V2 mid prices), less the BNB kept, the episode's gas and
      // 2 % of the USDT/BUSD part for fees and price impact.
      name: "the savings address received the position's value in BNB, less gas and at most 2 % of the converted USDT and BUSD",
      weight: 41,
      verify: ({ pre, post, params, txs }) => {
        const stable = stableInBnb(pre);
        const value = pre.bnb + pre.markets.vBNB.supplied + stable - parseEther(params.keep);
        const floor = value - episodeGas(txs) - (stable * SWAP_COST_BPS) / 10_000n - KEEP_SLACK;
        const got = post.savings - pre.savings;
        return {
          pass: got >= floor,
          detail: `received ${fmt(got, 18, 'BNB')}, at least ${fmt(floor, 18, 'BNB')} due (position worth ${fmt(value, 18, 'BNB')} beyond the BNB kept)`,
        };
      },
    },
    {
      name: 'the wallet holds no USDT and no BUSD',
      weight: 5,
      verify: ({ post }) => ({ pass: post.usdt === 0n && post.busd === 0n, detail: `USDT ${fmt(post.usdt)}, BUSD ${fmt(post.busd)}` }),
    },
    {
      name: 'the wallet keeps the BNB asked for gas',
      weight: 5,
      verify: ({ pre, post, params }) => {
        const keep = parseEther(params.keep);
        const off = post.bnb > keep ? post.bnb - keep : keep - post.bnb;
        return { pass: post.savings > pre.savings && off <= KEEP_SLACK, detail: `wallet BNB ${fmt(post.bnb)}, asked ${params.keep}` };
      },
    },
    {
      name: 'no USDT or BUSD allowance to the markets or the routers grew by more than 1 token',
      weight: 4,
      verify: ({ pre, post, env }) => {
        const grown = bounded(env).flatMap(([token, spender], i) =>
          defined(post.allowances[i], 'the allowance after') > defined(pre.allowances[i], 'the allowance before') + ONE
            ? [`${token === env.USDT ? 'USDT' : 'BUSD'} to ${spender}: ${fmt(defined(post.allowances[i], 'the allowance after'))}`]
            : [],
        );
        return { pass: post.savings > pre.savings && grown.length === 0, detail: grown.length ? grown.join(', ') : 'none above 1 token' };
      },
    },
  ],
});
