import { parseEther } from 'viem';
import {
  compareAmount,
  defineValidator,
  gasCost,
  isMember,
  nativeBalance,
  succeeded,
  venusPosition,
  type VenusPosition,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_lending_redeem_exact'>;
type State = { bnb: bigint; supply: VenusPosition; member: boolean };

// The wallet starts with 2 BNB supplied (100 vBNB) and entered as collateral, and no debt.
export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.vBNB,
  observe: async ({ chain, env, agent }) => ({
    bnb: await nativeBalance(chain, agent),
    supply: await venusPosition(chain, env.vBNB, agent),
    member: await isMember(chain, env.venus_comptroller, agent, env.vBNB),
  }),
  checks: [
    succeeded(10, 'the withdrawal went through at vBNB'),
    {
      name: 'the wallet received exactly the BNB asked for',
      weight: 55,
      verify: (ctx) =>
        compareAmount('BNB received (net of gas)', ctx.post.bnb - ctx.pre.bnb + gasCost(ctx), parseEther(ctx.params.amount), {
          symbol: 'BNB',
        }),
    },
    {
      // Rounding of vTokens burnt may leave a few wei either way.
      name: 'the Venus supply fell by that amount and no more',
      weight: 25,
      verify: ({ pre, post, params }) =>
        compareAmount('supply withdrawn', pre.supply.supplied - post.supply.supplied, parseEther(params.amount), {
          rel: 1e-9,
          symbol: 'BNB',
        }),
    },
    {
      name: 'the rest stays supplied and entered as collateral',
      weight: 10,
      verify: ({ post }) => ({
        pass: post.member && post.supply.vTokens > 0n,
        detail: `member ${post.member}, ${post.supply.vTokens} vBNB left`,
      }),
    },
  ],
});
