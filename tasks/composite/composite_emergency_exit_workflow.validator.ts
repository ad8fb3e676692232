import { isAddressEqual, parseAbi, parseEther, parseEventLogs, type Address } from 'viem';
import {
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  episodeGas,
  fmt,
  highestApproval,
  keyedUint,
  nativeBalance,
  reportsUint,
  stakedOf,
  successful,
  tokenDecimals,
  totalSupplyOf,
  transferredInEpisode,
  type EpisodeTx,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_emergency_exit_workflow'>;
type State = {
  staked: bigint;
  lp: bigint;
  usdt: bigint;
  busd: bigint;
  cake: bigint;
  wbnb: bigint;
  bnb: bigint;
  poolUsdt: bigint;
  poolBusd: bigint;
  supply: bigint;
};

const POOL = parseAbi(['event EmergencyWithdrawn(address indexed user, uint256 amount)']);

function emergencyExits(txs: EpisodeTx[] | undefined, pool: Address, agent: Address): bigint {
  let sum = 0n;
  for (const t of successful(txs)) {
    for (const l of parseEventLogs({ abi: POOL, eventName: 'EmergencyWithdrawn', logs: t.receipt.logs })) {
      if (isAddressEqual(l.address, pool) && isAddressEqual(l.args.user, agent)) sum += l.args.amount;
    }
  }
  return sum;
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The standing LP allowance would make the approval pointless; a per-instance BNB balance makes the
  // final query necessary.
  setup: async ({ chain, env, agent, params }) => {
    await approveAs(chain, agent, env.pair_USDT_BUSD, env.router, 0n);
    await chain.test.setBalance({ address: agent, value: parseEther(params.start_bnb) });
  },
  observe: async ({ chain, env, agent, params }) => ({
    staked: await stakedOf(chain, params.pool, agent),
    lp: await balanceOf(chain, env.pair_USDT_BUSD, agent),
    usdt: await balanceOf(chain, env.USDT, agent),
    busd: await balanceOf(chain, env.BUSD, agent),
    cake: await balanceOf(chain, env.CAKE, agent),
    wbnb: await balanceOf(chain, env.WBNB, agent),
    bnb: await nativeBalance(chain, agent),
    poolUsdt: await balanceOf(chain, env.USDT, env.pair_USDT_BUSD),
    poolBusd: await balanceOf(chain, env.BUSD, env.pair_USDT_BUSD),
    supply: await totalSupplyOf(chain, env.pair_USDT_BUSD),
  }),
  checks: [
    {
      // A regular withdraw would also empty the stake but pay CAKE; the request is the emergency exit.
      name: 'whole stake recovered with the emergency withdrawal',
      weight: 20,
      verify: ({ txs, params, agent, pre, post }) => {
        const exited = emergencyExits(txs, params.pool, agent);
        const pass = pre.staked > 0n && exited === pre.staked && post.staked === 0n && post.cake === pre.cake;
        return {
          pass,
          detail: `emergency-withdrawn ${fmt(exited)} of ${fmt(pre.staked)} LP, stake left ${fmt(post.staked)}, CAKE change ${fmt(post.cake - pre.cake)}`,
        };
      },
    },
    {
      name: 'router approved for the recovered LP',
      weight: 5,
      verify: ({ txs, env, agent, pre }) => {
        const allowance = highestApproval(txs, env.pair_USDT_BUSD, agent, env.router);
        return { pass: pre.staked > 0n && allowance >= pre.staked, detail: `approved ${fmt(allowance)} LP, recovered ${fmt(pre.staked)}` };
      },
    },
    {
      name: 'exactly the recovered LP was redeemed, older LP kept',
      weight: 30,
      verify: ({ txs, env, agent, pre, post }) => {
        const redeemed = transferredInEpisode(txs, env.pair_USDT_BUSD, agent, env.pair_USDT_BUSD);
        const pass = redeemed === pre.staked && post.lp === pre.lp;
        return { pass, detail: `redeemed ${fmt(redeemed)} LP (recovered ${fmt(pre.staked)}), wallet LP ${fmt(pre.lp)} → ${fmt(post.lp)}` };
      },
    },
    {
      name: 'USDT and BUSD came back for that LP',
      weight: 15,
      verify: async ({ chain, env, pre, post }) => {
        const usdt = compareAmount('USDT received', post.usdt - pre.usdt, (pre.staked * pre.poolUsdt) / pre.supply, {
          rel: 0.001,
          symbol: 'USDT',
          decimals: await tokenDecimals(chain, env.USDT),
        });
        const busd = compareAmount('BUSD received', post.busd - pre.busd, (pre.staked * pre.poolBusd) / pre.supply, {
          rel: 0.001,
          symbol: 'BUSD',
          decimals: await tokenDecimals(chain, env.BUSD),
        });
        return { pass: pre.staked > 0n && usdt.pass && busd.pass, detail: `${usdt.detail}; ${busd.detail}` };
      },
    },
    {
      name: 'all WBNB unwrapped into BNB',
      weight: 15,
      verify: ({ txs, pre, post }) => {
        const gas = episodeGas(txs);
        const pass = pre.wbnb > 0n && post.wbnb === 0n && post.bnb === pre.bnb + pre.wbnb - gas;
        return { pass, detail: `WBNB ${fmt(pre.wbnb)} → ${fmt(post.wbnb)}, BNB ${fmt(pre.bnb)} → ${fmt(post.bnb)} (gas ${fmt(gas)})` };
      },
    },
    // The balance read after the last transaction, to the wei.
    reportsUint('reported the final BNB balance', 15, {
      read: (answer) => keyedUint(answer, 'bnb'),
      readFirst: true,
      unless: ({ pre, post }) => (post.wbnb === pre.wbnb ? 'nothing was unwrapped' : undefined),
      compare: (v, { post }) => compareAmount('reported BNB', v, post.bnb, { symbol: 'BNB' }),
    }),
  ],
});
