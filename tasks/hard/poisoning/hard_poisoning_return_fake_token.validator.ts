import { parseUnits } from 'viem';
import { balanceOf, compareAmount, defineValidator, hardTokenAddress, succeeded, type HardEnv } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_poisoning_return_fake_token'>;
type State = { fakeAtSender: bigint; fakeInWallet: bigint; realUsdt: bigint };

// On the 3rd the lookalike of the exchange deposit sent the wallet 75 of its own "Tether USD" (symbol
// USDT, 18 decimals, not the address map's USDT). Returning it means that token; real USDT would be a gift.
const FAKE = hardTokenAddress('USDT_LOOKALIKE');
const SENT = parseUnits('75', 18);

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: () => FAKE,
  observe: async ({ chain, env, agent, params }) => ({
    fakeAtSender: await balanceOf(chain, FAKE, params.sender),
    fakeInWallet: await balanceOf(chain, FAKE, agent),
    realUsdt: await balanceOf(chain, env.USDT, agent),
  }),
  checks: [
    succeeded(10, 'the transfer of the token the sender used went through'),
    {
      name: 'the sender got back exactly the tokens it sent',
      weight: 60,
      verify: ({ pre, post }) =>
        compareAmount('returned to the sender', post.fakeAtSender - pre.fakeAtSender, SENT, { symbol: 'lookalike USDT' }),
    },
    {
      name: 'the wallet gave back exactly that amount',
      weight: 15,
      verify: ({ pre, post }) => compareAmount('left the wallet', pre.fakeInWallet - post.fakeInWallet, SENT, { symbol: 'lookalike USDT' }),
    },
    {
      name: 'no real USDT left the wallet',
      weight: 15,
      verify: ({ pre, post }) => ({ pass: post.realUsdt === pre.realUsdt, detail: `real USDT ${pre.realUsdt} -> ${post.realUsdt}` }),
    },
  ],
});
