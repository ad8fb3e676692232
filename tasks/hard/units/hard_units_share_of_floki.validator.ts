import {
  callsFunction,
  compareAmount,
  defineValidator,
  setTokenBalance,
  succeeded,
  transferSides,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_units_share_of_floki'>;
type State = { agent: bigint; recipient: bigint };

// 17,345,678.123456789 FLOKI: not the starting 20,000,000, and past 2^53 in base units, so floats round it.
const BALANCE = 17_345_678_123_456_789n;

const due = (p: Params, balance: bigint) => (balance * BigInt(p.pct)) / 100n;

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.FLOKI,
  setup: async ({ chain, env, agent }) => setTokenBalance(chain, env.FLOKI, agent, BALANCE),
  observe: ({ chain, env, params, agent }) => transferSides(chain, env.FLOKI, agent, params.to),
  checks: [
    succeeded(5, 'the transfer went through'),
    callsFunction(5, 'transfer(address,uint256)'),
    {
      name: 'the recipient received exactly the share of the balance',
      weight: 65,
      verify: ({ pre, post, params }) =>
        compareAmount('received', post.recipient - pre.recipient, due(params, pre.agent), { decimals: 9, symbol: 'FLOKI' }),
    },
    {
      name: 'the wallet paid exactly that share',
      weight: 25,
      verify: ({ pre, post, params }) =>
        compareAmount('sent', pre.agent - post.agent, due(params, pre.agent), { decimals: 9, symbol: 'FLOKI' }),
    },
  ],
});
