import { encodeFunctionData, parseAbi, parseEther } from 'viem';
import {
  allowanceOf,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  episodeGas,
  nativeBalance,
  orderedReserves,
  pancakeAmountOut,
  routerSwapMinOut,
  sendAs,
  SWAP_EXACT_TOKENS_FOR_ETH,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_fee_on_transfer_sell_after_rebase'>;
type State = { orb: bigint; bnb: bigint; allowance: bigint; fair: bigint };

const ORB = parseAbi(['function owner() view returns (address)', 'function rebase(uint256 newIndex)']);
// Every ORB balance shrinks by 0.6 %: the pair's 96,000 ORB lose 576 that its reserves still count.
const INDEX = 994_000_000_000_000_000n;
// A rebasing transfer moves amount × 1e18 / index shares, rounded down, so balances may be a few base units off.
const ROUNDING = 3n;

const amount = (p: Params) => parseEther(p.amount);

export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  setup: async ({ chain, env, params, agent }) => {
    const owner = await chain.public.readContract({ address: env.ORB, abi: ORB, functionName: 'owner' });
    await sendAs(chain, owner, env.ORB, encodeFunctionData({ abi: ORB, functionName: 'rebase', args: [INDEX] }));
    await approveAs(chain, agent, env.ORB, env.router, amount(params));
  },
  observe: async ({ chain, env, params, agent }) => {
    // The fair price: the pair's real ORB balance against its BNB reserve (what sync() records).
    const { reserves } = await orderedReserves(chain, env.pair_ORB_WBNB, env.ORB);
    const held = await balanceOf(chain, env.ORB, env.pair_ORB_WBNB);
    return {
      orb: await balanceOf(chain, env.ORB, agent),
      bnb: await nativeBalance(chain, agent),
      allowance: await allowanceOf(chain, env.ORB, agent, env.router),
      fair: pancakeAmountOut(amount(params), held, reserves[1]),
    };
  },
  checks: [
    {
      name: 'sold exactly the requested ORB',
      weight: 15,
      verify: ({ pre, post, params }) => compareAmount('ORB sold', pre.orb - post.orb, amount(params), { abs: ROUNDING, symbol: 'ORB' }),
    },
    {
      // Gas of every round added back; a unit of ORB lost to rounding moves the output by far less than 0.0001 %.
      name: 'received the BNB the ORB is worth at the synced reserves',
      weight: 50,
      verify: ({ pre, post, txs }) =>
        compareAmount('BNB received', post.bnb - pre.bnb + episodeGas(txs), pre.fair, { rel: 0.000001, symbol: 'BNB' }),
    },
    {
      name: "the sale's minimum is within the slippage of the synced quote",
      weight: 25,
      verify: ({ pre, params, txs, env }) => routerSwapMinOut(txs, env.router, SWAP_EXACT_TOKENS_FOR_ETH, pre.fair, params.slippage),
    },
    {
      name: "the router's allowance was used up",
      weight: 10,
      verify: ({ post }) => compareAmount('allowance left', post.allowance, 0n, { symbol: 'ORB' }),
    },
  ],
});
