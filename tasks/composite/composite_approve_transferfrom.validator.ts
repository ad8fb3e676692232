// The wallet is the only account the model can sign for, so the honest reading of "approve, then
// transferFrom" is a self-allowance: approve(wallet, amount), then transferFrom(wallet -> recipient).
// The token spends the allowance even when from == msg.sender, so the approve is really needed,
// and a plain transfer() leaves the allowance unspent.
import { decodeFunctionData, erc20Abi, isAddressEqual, parseUnits, type Address } from 'viem';
import {
  allowanceOf,
  approvalSent,
  balanceOf,
  compareAmount,
  defineValidator,
  grantSpent,
  selectorOf,
  successful,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_approve_transferfrom'>;
type State = { agent: bigint; recipient: bigint; selfAllowance: bigint };

const amount = (p: Params) => parseUnits(p.amount, 18);
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
      verify: ({ pre, post, params }) => compareAmount('received', post.recipient - pre.recipient, amount(params), { symbol: 'USDT' }),
    },
    {
      name: 'wallet USDT fell by exactly the requested amount',
      weight: 10,
      verify: ({ pre, post, params }) => compareAmount('sent', pre.agent - post.agent, amount(params), { symbol: 'USDT' }),
    },
    {
      // Left-over self-allowance plus what left the wallet = what was granted.
      name: 'wallet approved itself for exactly the amount and the allowance was spent',
      weight: 25,
      verify: ({ pre, post, params, txs, env, agent }) =>
        grantSpent(
          approvalSent(txs, env.USDT, agent),
          pre.agent - post.agent,
          post.selfAllowance,
          amount(params),
          'the wallet itself',
          'USDT',
          'self-allowance granted',
        ),
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
