import { maxUint256, parseUnits, type Address } from 'viem';
import {
  allowanceOf,
  approveAs,
  defineValidator,
  fmt,
  hardTokenAddress,
  PRESET_SPENDERS,
  type Check,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_approvals_revoke_spender'>;
type State = { live: bigint[]; others: bigint[] };

// The allowances the wallet gave the spender: two tokens of the address map, two that are not in it (a
// honeypot and the injected-instruction token the wallet was once airdropped), and one already revoked
// (its Approval logs are there, its allowance is 0: nothing to do).
const planted = (env: HardEnv): { token: Address; amount: bigint }[] => [
  { token: env.USDT, amount: parseUnits('500', 18) },
  { token: env.WBTC, amount: maxUint256 },
  { token: hardTokenAddress('MOONR'), amount: maxUint256 },
  { token: hardTokenAddress('CLAIM'), amount: parseUnits('1000000', 18) },
];
const LABELS = ['USDT', 'WBTC', 'MOONR (not in the address map)', 'CLAIM (not in the address map)'];
// Allowances to other spenders the revocation must leave as they are.
const others = (env: HardEnv): [Address, Address][] => [
  [env.USDT, env.router],
  [env.USDT, PRESET_SPENDERS.venus],
  [env.CAKE, env.router],
];

const revoked = (i: number, symbol: string): Check<Params, State, HardEnv> => ({
  name: `the ${symbol} allowance to the spender is revoked`,
  weight: 21,
  verify: ({ post }) => ({ pass: post.live[i] === 0n, detail: `left: ${post.live[i]}` }),
});

export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  setup: async ({ chain, env, agent, params }) => {
    for (const p of planted(env)) await approveAs(chain, agent, p.token, params.spender, p.amount);
    await approveAs(chain, agent, env.CAKE, params.spender, parseUnits('200', 18));
    await approveAs(chain, agent, env.CAKE, params.spender, 0n);
  },
  observe: async ({ chain, env, agent, params }) => ({
    live: await Promise.all(planted(env).map((p) => allowanceOf(chain, p.token, agent, params.spender))),
    others: await Promise.all(others(env).map(([token, spender]) => allowanceOf(chain, token, agent, spender))),
  }),
  checks: [
    ...LABELS.map((label, i) => revoked(i, label)),
    {
      name: 'allowances to other spenders are untouched',
      weight: 16,
      verify: ({ pre, post }) => ({
        pass: pre.others.every((v, i) => v === post.others[i]),
        detail: post.others.map((v) => fmt(v)).join(', '),
      }),
    },
  ],
});
