import { parseEther } from 'viem';
import {
  balanceOf,
  borrowAs,
  collateralAndDebt,
  compareAmount,
  defineValidator,
  succeeded,
  underlyingPrice,
  venusPosition,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_precision_borrow_to_ratio'>;
type State = { usdt: bigint; usdtDebt: bigint; collateral: bigint; debt: bigint; usdtPrice: bigint };

const ONE = 10n ** 18n;

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.vUSDT!,
  // The wallet's 2 BNB supply (entered) now also backs a CAKE loan: the ratio counts every debt.
  setup: async ({ chain, env, agent, params }) => borrowAs(chain, agent, env.vCAKE!, parseEther(params.cake_debt)),
  observe: async ({ chain, env, agent }) => {
    const { collateral, debt } = await collateralAndDebt(chain, env, agent);
    return {
      usdt: await balanceOf(chain, env.USDT!, agent),
      usdtDebt: (await venusPosition(chain, env.vUSDT!, agent)).borrow,
      collateral,
      debt,
      usdtPrice: await underlyingPrice(chain, env.venus_oracle!, env.vUSDT!),
    };
  },
  checks: [
    succeeded(10, 'the borrow went through at vUSDT'),
    {
      name: 'the collateral ratio after the borrow is at least the stated one',
      weight: 30,
      verify: ({ post, params }) => ({
        pass: post.collateral * 100n >= BigInt(params.ratio) * post.debt,
        detail: `ratio ${Number((post.collateral * 10000n) / (post.debt || 1n)) / 100} %, floor ${params.ratio} %`,
      }),
    },
    {
      // As much as possible: one more whole USDT would take the ratio under the floor.
      name: 'the loan is the largest whole-USDT amount that keeps the ratio',
      weight: 50,
      verify: ({ pre, post, params }) => {
        const got = post.usdt - pre.usdt;
        const keeps = post.collateral * 100n >= BigInt(params.ratio) * post.debt;
        const oneMore = post.collateral * 100n < BigInt(params.ratio) * (post.debt + post.usdtPrice);
        const whole = got % ONE === 0n;
        return {
          pass: keeps && oneMore && whole,
          detail: `borrowed ${Number(got) / 1e18} USDT; ratio kept ${keeps}; one more USDT breaks it ${oneMore}; whole ${whole}`,
        };
      },
    },
    {
      name: 'the debt on record is what the wallet received',
      weight: 10,
      verify: ({ pre, post }) =>
        compareAmount('new USDT debt', post.usdtDebt - pre.usdtDebt, post.usdt - pre.usdt, { rel: 1e-6, symbol: 'USDT' }),
    },
  ],
});
