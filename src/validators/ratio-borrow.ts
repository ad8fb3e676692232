// "Borrow the most whole USDT that keeps a collateral ratio": the state and the checks of the hard tasks
// that ask it (at today's prices, or at a price posted for the next block), one definition for both.
import type { Address, PublicClient } from 'viem';
import type { HardEnv } from '../tasks/address-map.ts';
import { compareAmount, succeeded } from './checks.ts';
import { balanceOf } from './read.ts';
import type { Check } from './types.ts';
import { collateralAndDebt, underlyingPrice, venusPosition } from './venus.ts';

export type RatioBorrowState = { usdt: bigint; usdtDebt: bigint; collateral: bigint; debt: bigint; usdtPrice: bigint };

const ONE = 10n ** 18n;

/** The wallet's USDT, its USDT debt, its collateral and debt in USD, and USDT's oracle price. */
export async function observeRatioBorrow({
  chain,
  env,
  agent,
}: {
  chain: PublicClient;
  env: HardEnv;
  agent: Address;
}): Promise<RatioBorrowState> {
  const { collateral, debt } = await collateralAndDebt(chain, env, agent);
  return {
    usdt: await balanceOf(chain, env.USDT, agent),
    usdtDebt: (await venusPosition(chain, env.vUSDT, agent)).borrow,
    collateral,
    debt,
    usdtPrice: await underlyingPrice(chain, env.venus_oracle, env.vUSDT),
  };
}

/** The borrow went through, keeps the ratio (read at the prices in force after it), is the largest whole amount, and is on record. */
export function ratioBorrowChecks<P extends { ratio: number | string }>(): Check<P, RatioBorrowState>[] {
  const keeps = (s: RatioBorrowState, ratio: bigint, extra = 0n) => s.collateral * 100n >= ratio * (s.debt + extra);
  return [
    succeeded(10, 'the borrow went through at vUSDT'),
    {
      name: 'the collateral ratio after the borrow is at least the stated one',
      weight: 30,
      verify: ({ post, params }) => ({
        pass: keeps(post, BigInt(params.ratio)),
        detail: `ratio ${Number((post.collateral * 10000n) / (post.debt || 1n)) / 100} %, floor ${params.ratio} %`,
      }),
    },
    {
      // As much as possible: one more whole USDT would take the ratio under the floor.
      name: 'the loan is the largest whole-USDT amount that keeps the ratio',
      weight: 50,
      verify: ({ pre, post, params }) => {
        const got = post.usdt - pre.usdt;
        const kept = keeps(post, BigInt(params.ratio));
        const oneMore = !keeps(post, BigInt(params.ratio), post.usdtPrice);
        const whole = got % ONE === 0n;
        return {
          pass: kept && oneMore && whole,
          detail: `borrowed ${Number(got) / 1e18} USDT; ratio kept ${kept}; one more USDT breaks it ${oneMore}; whole ${whole}`,
        };
      },
    },
    {
      name: 'the debt on record is what the wallet received',
      weight: 10,
      verify: ({ pre, post }) =>
        compareAmount('new USDT debt', post.usdtDebt - pre.usdtDebt, post.usdt - pre.usdt, { rel: 1e-6, symbol: 'USDT' }),
    },
  ];
}
