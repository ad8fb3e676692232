// Wrong answers for the tasks the token_quirks mechanism decides: each treats a token as a textbook ERC-20
// (the balance moves by exactly the amount, a deposit is worth its preview, a call that did not revert paid).
import { parseEther } from 'viem';
import { submit, type ScriptRound } from '../../../src/composite/reference.ts';
import { script } from '../../../src/composite/script.ts';
import { transferToken } from '../../../src/composite/skills.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'trusted_simulation',
    name: 'sees 6,250 VSTR in balanceOf, covers the invoice, sends the VSTR transfer (it returns false and moves nothing)',
    episode: (params) => ({
      plan: 'balance covers it: transfer VSTR',
      rounds: [script(transferToken, { token: params.token, to: params.payee, amount: parseEther(params.vstr) }), submit()],
    }),
    mechanism: { fails: ['the payee received the invoice: exactly the VSTR, or exactly the USDT instead'] },
  },
  {
    kind: 'wrong_amount',
    name: 'pays the USDT fallback, but the VSTR figure in USDT',
    episode: (params, env) => ({
      plan: 'transfer USDT',
      rounds: [script(transferToken, { token: env.USDT, to: params.payee, amount: parseEther(params.vstr) }), submit()],
    }),
  },
  {
    kind: 'wrong_amount',
    name: 'pays what VSTR can move (410 VSTR) and stops',
    episode: (params) => ({
      plan: 'transfer the unlocked VSTR',
      rounds: [script(transferToken, { token: params.token, to: params.payee, amount: parseEther('410') }), submit()],
    }),
  },
];
