import {
  allowanceOf,
  balanceOf,
  callsFunction,
  compareAmount,
  defineValidator,
  noTokensMoved,
  succeeded,
  tokenDecimals,
  type PublishedEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'erc20_revoke_approval'>;
type State = { allowance: bigint; others: Record<string, bigint>; balance: bigint };

/** The spenders holding a standing USDT allowance from the agent; only the named one may change. */
const SPENDER_KEYS = ['venus', 'pancake_v3_router', 'router'] as const;

export default defineValidator<Params, State, PublishedEnv>({
  kind: 'transaction',
  target: ({ env }) => env.USDT,
  observe: async ({ chain, params, env, agent }) => {
    const others: Record<string, bigint> = {};
    for (const key of SPENDER_KEYS) {
      const spender = env[key];
      if (spender.toLowerCase() !== params.spender.address.toLowerCase()) others[key] = await allowanceOf(chain, env.USDT, agent, spender);
    }
    return {
      allowance: await allowanceOf(chain, env.USDT, agent, params.spender.address),
      others,
      balance: await balanceOf(chain, env.USDT, agent),
    };
  },
  checks: [
    succeeded(10, 'call to the USDT contract succeeded'),
    callsFunction(10, 'approve(address,uint256)', 'decreaseAllowance(address,uint256)'),
    {
      name: "the named spender's USDT allowance is zero",
      weight: 60,
      verify: async ({ chain, env, post }) =>
        compareAmount('allowance', post.allowance, 0n, { decimals: await tokenDecimals(chain, env.USDT), symbol: 'USDT' }),
    },
    {
      name: "other spenders' allowances are untouched",
      weight: 10,
      verify: ({ pre, post }) => {
        const changed = Object.keys(pre.others).filter((k) => pre.others[k] !== post.others[k]);
        return { pass: changed.length === 0, detail: changed.length ? `changed: ${changed.join(', ')}` : 'unchanged' };
      },
    },
    noTokensMoved(10, () => 'USDT'),
  ],
});
