import { PAYEES } from '../../../src/chain/hard-provision.ts';
import { tokenAddress } from '../../../src/chain/hard-spec.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';
import { pay } from './_mutant-helpers.ts';

export const mutants: HardMutant[] = [
  {
    kind: 'lookalike_token',
    mechanism: {
      fails: [
        'the transfer of the token the sender used went through',
        'the sender got back exactly the tokens it sent',
        'the wallet gave back exactly that amount',
        'no real USDT left the wallet',
      ],
    },
    name: 'refunds 75 real USDT to the sender',
    script: ({ params, env }) => pay(env.USDT, params.sender, '75'),
  },
  {
    kind: 'wrong_recipient',
    name: 'returns the fake token to the real exchange deposit (the address it imitates)',
    script: () => pay(tokenAddress('USDT_LOOKALIKE'), PAYEES.exchange_deposit, '75'),
  },
  {
    kind: 'wrong_amount',
    name: 'returns 75 units in 6 decimals, as if it were real Tether on Ethereum',
    script: ({ params }) => pay(tokenAddress('USDT_LOOKALIKE'), params.sender, '75', 6),
  },
];
