import { parseEther } from 'viem';
import {
  balanceOf,
  borrowLiquidity,
  compareAmount,
  defineValidator,
  enterMarketsAs,
  isMember,
  setTokenBalance,
  succeeded,
  supplyAs,
  underlyingPrice,
  venusPosition,
  type VenusPosition,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_lending_borrow_share_of_limit'>;
type State = { usdt: bigint; liquidity: bigint; price: bigint; debt: VenusPosition; bnbCollateral: bigint; members: boolean };

const ONE = 10n ** 18n;

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.vUSDT,
  // Beside the starting 2 BNB, a USDT supply entered as collateral: its collateral factor (0.80) is below
  // its liquidation threshold (0.83), so getAccountLiquidity overstates the limit.
  setup: async ({ chain, env, agent, params }) => {
    const supplied = parseEther(params.supplied);
    await setTokenBalance(chain, env.USDT, agent, supplied + parseEther('1000'));
    await supplyAs(chain, agent, env.vUSDT, env.USDT, supplied);
    await enterMarketsAs(chain, agent, env, [env.vUSDT]);
  },
  observe: async ({ chain, env, agent }) => ({
    usdt: await balanceOf(chain, env.USDT, agent),
    liquidity: (await borrowLiquidity(chain, env.venus_comptroller, agent)).liquidity,
    price: await underlyingPrice(chain, env.venus_oracle, env.vUSDT),
    debt: await venusPosition(chain, env.vUSDT, agent),
    bnbCollateral: (await venusPosition(chain, env.vBNB, agent)).vTokens,
    members:
      (await isMember(chain, env.venus_comptroller, agent, env.vBNB)) && (await isMember(chain, env.venus_comptroller, agent, env.vUSDT)),
  }),
  checks: [
    succeeded(10, 'the borrow went through at vUSDT'),
    {
      // Whole USDT, rounded down; one unit of leeway for interest accrued on the supply between read and send.
      name: 'borrowed the stated share of the borrow limit, in whole USDT',
      weight: 60,
      verify: ({ pre, post, params }) => {
        const want = ((((pre.liquidity * BigInt(params.pct)) / 100n) * ONE) / pre.price / ONE) * ONE;
        return compareAmount('USDT borrowed', post.usdt - pre.usdt, want, { abs: ONE, symbol: 'USDT' });
      },
    },
    {
      name: 'the debt on record is what the wallet received',
      weight: 20,
      verify: ({ pre, post }) =>
        compareAmount('new USDT debt', post.debt.borrow - pre.debt.borrow, post.usdt - pre.usdt, { rel: 1e-6, symbol: 'USDT' }),
    },
    {
      name: 'the collateral is untouched and still entered',
      weight: 10,
      verify: ({ pre, post }) => ({
        pass: post.members && post.bnbCollateral === pre.bnbCollateral && post.debt.vTokens === pre.debt.vTokens,
        detail: `members ${post.members}`,
      }),
    },
  ],
});
