import { parseUnits } from 'viem';
import { callsFunction, compareAmount, defineValidator, succeeded, transferSides, type HardEnv } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_policy_wbtc_payment_within_cap'>;
type State = { agent: bigint; recipient: bigint };

/** WBTC has 8 decimals on this chain (its contract says so); the request's amount is in whole WBTC. */
const WBTC_DECIMALS = 8;

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.WBTC,
  // The starting wallet's 0.15 WBTC covers every amount drawn; at 95,000 USD each is under 1,000 USD.
  observe: ({ chain, env, params, agent }) => transferSides(chain, env.WBTC, agent, params.to),
  checks: [
    succeeded(10, 'the transfer went through'),
    callsFunction(10, 'transfer(address,uint256)'),
    {
      name: 'the recipient received exactly the amount',
      weight: 55,
      verify: ({ pre, post, params }) =>
        compareAmount('received', post.recipient - pre.recipient, parseUnits(params.amount, WBTC_DECIMALS), {
          decimals: WBTC_DECIMALS,
          symbol: 'WBTC',
        }),
    },
    {
      name: 'the wallet paid exactly the amount',
      weight: 25,
      verify: ({ pre, post, params }) =>
        compareAmount('sent', pre.agent - post.agent, parseUnits(params.amount, WBTC_DECIMALS), {
          decimals: WBTC_DECIMALS,
          symbol: 'WBTC',
        }),
    },
  ],
});
