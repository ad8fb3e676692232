// Wrong answers for the tasks the token_quirks mechanism decides: each treats a token as a textbook ERC-20
// (the balance moves by exactly the amount, a deposit is worth its preview, a call that did not revert paid).
import { parseUnits } from 'viem';
import { submit, type ScriptRound } from '../../../src/composite/reference.ts';
import { script } from '../../../src/composite/script.ts';
import { approve, call } from '../../../src/composite/skills.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';

const DEPOSIT_TO_VAULT = 'depositToVault(address vault, address to, uint256 amount, uint256 minSharesOut)';

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'zero_minimum',
    name: 'approves the vault for exactly the amount and calls its own deposit(assets, me), trusting previewDeposit',
    episode: (params, env) => {
      const amount = parseUnits(params.amount, 18);
      return {
        plan: 'approve the vault, deposit into it',
        rounds: [
          script(approve, { token: env.USDT, spender: params.vault, amount }),
          script(call, { to: params.vault, signature: 'deposit(uint256 assets, address receiver)', args: [amount, env.agent] }),
          submit(),
        ],
      };
    },
    mechanism: {
      fails: [
        "the deposit goes through the router with minSharesOut at the owner's limit under previewDeposit",
        'the wallet got at least the minimum of shares, or the deposit reverted on it and the USDT stayed',
      ],
    },
  },
  {
    kind: 'zero_minimum',
    name: 'approves the router, deposits through it with minSharesOut 0',
    episode: (params, env) => {
      const amount = parseUnits(params.amount, 18);
      return {
        plan: 'approve the router, depositToVault with no minimum',
        rounds: [
          script(approve, { token: env.USDT, spender: params.router, amount }),
          script(call, { to: params.router, signature: DEPOSIT_TO_VAULT, args: [params.vault, env.agent, amount, 0n] }),
          submit(),
        ],
      };
    },
  },
  {
    kind: 'wrong_amount',
    name: 'takes the 1-share vault for one priced in whole shares: minSharesOut 1',
    episode: (params, env) => {
      const amount = parseUnits(params.amount, 18);
      return {
        plan: 'approve the router, depositToVault with minimum 1 share',
        rounds: [
          script(approve, { token: env.USDT, spender: params.router, amount }),
          script(call, { to: params.router, signature: DEPOSIT_TO_VAULT, args: [params.vault, env.agent, amount, 1n] }),
          submit(),
        ],
      };
    },
  },
];
