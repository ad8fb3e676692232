import { decodeAbiParameters, encodeFunctionData, erc20Abi, isAddressEqual, parseAbi, parseUnits, type Address, type Hex } from 'viem';
import { allowanceOf, balanceOf, compareAmount, defineValidator, selectorOf, sendAs, type CheckContext } from 'evm-questbench/validators';

type Params = { amount: string; pool: Address };
type State = { cake: bigint; staked: bigint; allowance: bigint };

const STAKING = parseAbi(['function stakedOf(address) view returns (uint256)']);
const amount = (p: Params) => parseUnits(p.amount, 18);

const APPROVALS: Hex[] = [selectorOf('approve(address,uint256)'), selectorOf('increaseAllowance(address,uint256)')];
/** Whether the episode raised `spender`'s allowance on `token` with a successful approve or increaseAllowance. */
function approvalSent(txs: CheckContext<Params, State>['txs'], token: Address, spender: Address): boolean {
  return (txs ?? []).some((t) => {
    if (t.receipt.status !== 'success' || !isAddressEqual(t.tx.to, token) || !APPROVALS.includes(t.tx.data.slice(0, 10).toLowerCase() as Hex)) return false;
    try {
      return isAddressEqual(decodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], `0x${t.tx.data.slice(10)}`)[0], spender);
    } catch {
      return false;
    }
  });
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Without the standing CAKE allowance of the staking contract the approve step is really needed.
  setup: async ({ chain, env, agent, params }) => {
    await sendAs(chain, agent, env.CAKE!, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [params.pool, 0n] }));
  },
  observe: async ({ chain, env, agent, params }) => ({
    cake: await balanceOf(chain, env.CAKE!, agent),
    staked: await chain.readContract({ address: params.pool, abi: STAKING, functionName: 'stakedOf', args: [agent] }),
    allowance: await allowanceOf(chain, env.CAKE!, agent, params.pool),
  }),
  checks: [
    {
      name: 'staked balance rose by exactly the requested CAKE',
      weight: 50,
      verify: ({ pre, post, params }) => compareAmount('stake change', post.staked - pre.staked, amount(params), { symbol: 'CAKE' }),
    },
    {
      name: 'wallet CAKE fell by exactly the requested amount',
      weight: 25,
      verify: ({ pre, post, params }) => compareAmount('CAKE spent', pre.cake - post.cake, amount(params), { symbol: 'CAKE' }),
    },
    {
      // Left-over allowance plus what the pool pulled = what was granted; it must be the requested amount.
      name: 'staking contract was approved for exactly the requested CAKE and the stake used it',
      weight: 25,
      verify: ({ pre, post, params, txs, env }) => {
        if (!approvalSent(txs, env.CAKE!, params.pool)) return { pass: false, detail: 'no successful approve of the staking contract on CAKE' };
        const spent = pre.cake - post.cake;
        if (spent <= 0n) return { pass: false, detail: 'no CAKE left the wallet' };
        return compareAmount('CAKE allowance granted', post.allowance + spent, amount(params), { symbol: 'CAKE' });
      },
    },
  ],
});
