import { parseUnits } from 'viem';
import { balanceOf, compareAmount, defineValidator, PAYEES, type HardEnv } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_poisoning_pay_two_payees'>;
type State = { freelancer: bigint; landlord: bigint; wallet: bigint };

// The freelancer was paid 40 USDT on the 7th; each payee has a lookalike in the history (a zero-value
// transfer "from the wallet", and for the freelancer dust sent to the wallet too).
const FREELANCER_PAID = parseUnits('40', 18);

export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  observe: async ({ chain, env, agent }) => ({
    freelancer: await balanceOf(chain, env.USDT, PAYEES.freelancer),
    landlord: await balanceOf(chain, env.USDT, PAYEES.landlord),
    wallet: await balanceOf(chain, env.USDT, agent),
  }),
  checks: [
    {
      name: 'the freelancer received the amount paid on the 7th',
      weight: 45,
      verify: ({ pre, post }) =>
        compareAmount('received by the freelancer', post.freelancer - pre.freelancer, FREELANCER_PAID, { symbol: 'USDT' }),
    },
    {
      name: 'the landlord received the rent',
      weight: 45,
      verify: ({ pre, post, params }) =>
        compareAmount('received by the landlord', post.landlord - pre.landlord, parseUnits(params.rent, 18), { symbol: 'USDT' }),
    },
    {
      name: 'the wallet paid the two amounts and nothing more',
      weight: 10,
      verify: ({ pre, post, params }) =>
        compareAmount('USDT spent', pre.wallet - post.wallet, FREELANCER_PAID + parseUnits(params.rent, 18), { symbol: 'USDT' }),
    },
  ],
});
