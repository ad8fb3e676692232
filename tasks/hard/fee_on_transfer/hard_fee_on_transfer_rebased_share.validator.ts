import { encodeFunctionData, parseAbi } from 'viem';
import { callsFunction, compareAmount, defineValidator, sendAs, succeeded, transferSides, type HardEnv } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_fee_on_transfer_rebased_share'>;
type State = { agent: bigint; recipient: bigint };

const ORB = parseAbi(['function owner() view returns (address)', 'function rebase(uint256 newIndex)']);
// The supply grew 28.73 % since the wallet was funded with 1,000 ORB.
const INDEX = 1_287_300_000_000_000_000n;
// The token moves amount × 1e18 / index shares, rounded down, and balances are shares × index / 1e18,
// also rounded down: each side of a transfer may be off by a couple of base units from the amount.
const ROUNDING = 3n;

const due = (p: Params, balance: bigint) => (balance * BigInt(p.pct)) / 100n;

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.ORB,
  setup: async ({ chain, env }) => {
    const owner = await chain.public.readContract({ address: env.ORB, abi: ORB, functionName: 'owner' });
    await sendAs(chain, owner, env.ORB, encodeFunctionData({ abi: ORB, functionName: 'rebase', args: [INDEX] }));
  },
  observe: ({ chain, env, params, agent }) => transferSides(chain, env.ORB, agent, params.to),
  checks: [
    succeeded(5, 'the transfer went through'),
    callsFunction(5, 'transfer(address,uint256)'),
    {
      name: 'the recipient received the share of the current balance',
      weight: 65,
      verify: ({ pre, post, params }) =>
        compareAmount('received', post.recipient - pre.recipient, due(params, pre.agent), { abs: ROUNDING, symbol: 'ORB' }),
    },
    {
      name: 'the wallet paid that share',
      weight: 25,
      verify: ({ pre, post, params }) =>
        compareAmount('sent', pre.agent - post.agent, due(params, pre.agent), { abs: ROUNDING, symbol: 'ORB' }),
    },
  ],
});
