import type { PublicClient } from 'viem';
import {
  allowanceOf,
  balanceOf,
  callsFunction,
  compareAmount,
  defineValidator,
  succeeded,
  tokenDecimals,
  tokenUnits,
  type PublishedEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'erc20_transferfrom_basic'>;
type State = { owner: bigint; recipient: bigint; allowance: bigint };

/** The amount in USDT's own decimals (18 on BSC; the USDC playing it on Base has 6), and how a detail prints it. */
const amount = async (chain: PublicClient, env: PublishedEnv, p: Params) => ({
  want: await tokenUnits(chain, env.USDT, p.amount),
  tol: { decimals: await tokenDecimals(chain, env.USDT), symbol: 'USDT' },
});

export default defineValidator<Params, State, PublishedEnv>({
  kind: 'transaction',
  target: ({ env }) => env.USDT,
  // Everything is read at the requested addresses, never at addresses taken from the calldata.
  observe: async ({ chain, params, env, agent }) => ({
    owner: await balanceOf(chain, env.USDT, params.from),
    recipient: await balanceOf(chain, env.USDT, params.to),
    allowance: await allowanceOf(chain, env.USDT, params.from, agent),
  }),
  checks: [
    succeeded(10, 'call to the USDT contract succeeded'),
    callsFunction(15, 'transferFrom(address,address,uint256)'),
    {
      name: 'recipient received exactly the amount',
      weight: 45,
      verify: async ({ chain, env, pre, post, params }) => {
        const { want, tol } = await amount(chain, env, params);
        return compareAmount('received', post.recipient - pre.recipient, want, tol);
      },
    },
    {
      name: "owner's balance fell by exactly the amount",
      weight: 15,
      verify: async ({ chain, env, pre, post, params }) => {
        const { want, tol } = await amount(chain, env, params);
        return compareAmount('sent', pre.owner - post.owner, want, tol);
      },
    },
    {
      name: 'allowance to the agent fell by exactly the amount',
      weight: 15,
      verify: async ({ chain, env, pre, post, params }) => {
        const { want, tol } = await amount(chain, env, params);
        return compareAmount('allowance used', pre.allowance - post.allowance, want, tol);
      },
    },
  ],
});
