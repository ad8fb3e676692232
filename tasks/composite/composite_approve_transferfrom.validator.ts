// The wallet is the only account the model can sign for, so the honest reading of "approve, then
// transferFrom" is a self-allowance: approve(wallet, amount), then transferFrom(wallet -> recipient).
// The token spends the allowance even when from == msg.sender, so the approve is really needed,
// and a plain transfer() leaves the allowance unspent.
import { decodeFunctionData, erc20Abi, isAddressEqual, type Address, type PublicClient } from 'viem';
import {
  allowanceOf,
  approvalSent,
  balanceOf,
  compareAmount,
  defineValidator,
  selectorOf,
  successful,
  tokenDecimals,
  tokenUnits,
  unusedApproval,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_approve_transferfrom'>;
type State = { agent: bigint; recipient: bigint; selfAllowance: bigint };

/** The amount in USDT's own decimals (18 on BSC; Base's USDC has 6), and how a detail prints it. */
const amount = async (chain: PublicClient, usdt: Address, p: Params) => ({
  want: await tokenUnits(chain, usdt, p.amount),
  tol: { decimals: await tokenDecimals(chain, usdt), symbol: 'USDT' },
});
const TRANSFER_FROM = selectorOf('transferFrom(address,address,uint256)');

export default defineValidator<Params, State>({
  kind: 'workflow',
  observe: async ({ chain, env, agent, params }) => ({
    agent: await balanceOf(chain, env.USDT, agent),
    recipient: await balanceOf(chain, env.USDT, params.to),
    selfAllowance: await allowanceOf(chain, env.USDT, agent, agent),
  }),
  checks: [
    {
      name: 'recipient received exactly the requested USDT',
      weight: 40,
      verify: async ({ chain, env, pre, post, params }) => {
        const { want, tol } = await amount(chain, env.USDT, params);
        return compareAmount('received', post.recipient - pre.recipient, want, tol);
      },
    },
    {
      name: 'wallet USDT fell by exactly the requested amount',
      weight: 10,
      verify: async ({ chain, env, pre, post, params }) => {
        const { want, tol } = await amount(chain, env.USDT, params);
        return compareAmount('sent', pre.agent - post.agent, want, tol);
      },
    },
    {
      // Left-over self-allowance plus what left the wallet = what was granted.
      name: 'wallet approved itself for exactly the amount and the allowance was spent',
      weight: 25,
      verify: async ({ chain, pre, post, params, txs, env, agent }) => {
        // grantSpent's check, its amounts shown in the token's own decimals.
        const { want, tol } = await amount(chain, env.USDT, params);
        const spent = pre.agent - post.agent;
        return (
          unusedApproval(approvalSent(txs, env.USDT, agent), spent, 'the wallet itself', 'USDT') ??
          compareAmount('self-allowance granted', post.selfAllowance + spent, want, tol)
        );
      },
    },
    {
      name: 'the payment was a successful USDT transferFrom from the wallet to the recipient',
      weight: 25,
      verify: ({ txs, env, agent, params }) => {
        const hit = successful(txs).some((t) => {
          if (!isAddressEqual(t.tx.to, env.USDT) || t.tx.data.slice(0, 10).toLowerCase() !== TRANSFER_FROM) return false;
          const [from, to] = decodeFunctionData({ abi: erc20Abi, data: t.tx.data }).args as readonly [Address, Address, bigint];
          return isAddressEqual(from, agent) && isAddressEqual(to, params.to);
        });
        return {
          pass: hit,
          detail: hit ? 'transferFrom(wallet, recipient, ...) succeeded' : 'no successful transferFrom(wallet, recipient, ...) on USDT',
        };
      },
    },
  ],
});
