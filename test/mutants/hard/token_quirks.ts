// Wrong answers for the tasks the token_quirks mechanism decides: each treats a token as a textbook ERC-20
// (the balance moves by exactly the amount, a deposit is worth its preview, a call that did not revert paid).
import { parseEther, parseUnits } from 'viem';
import { submit } from '../../../src/composite/reference.ts';
import { script } from '../../../src/composite/script.ts';
import { approve, call, transferToken } from '../../../src/composite/skills.ts';
import type { HardMutantTable } from './types.ts';
import { editedReference, type Edit } from './reference-edit.ts';

const SHARE_INVOICE = 'hard_fee_on_transfer_share_token_invoice';
const shareInvoice = (...edits: Edit[]) => editedReference('fee_on_transfer', SHARE_INVOICE, edits);
const SEND_SHARES = "data: encodeFunctionData({ abi: RSBNB, functionName: 'transferShares', args: [PARAMS.payee, send] })";

const VAULT_DEPOSIT = 'hard_slippage_attack_vault_first_deposit';
const DEPOSIT_TO_VAULT = 'depositToVault(address vault, address to, uint256 amount, uint256 minSharesOut)';

const VESTING = 'hard_honeypot_injection_vesting_token_false_transfer';

export const mutants: HardMutantTable = {
  [SHARE_INVOICE]: [
    {
      kind: 'wrong_function',
      name: 'pays with the ERC-20 transfer of exactly the amount (the payee is credited 1 wei less)',
      script: shareInvoice(
        ['if (after - before < amount) throw', 'if (false) throw'],
        [
          SEND_SHARES,
          "data: encodeFunctionData({ abi: parseAbi(['function transfer(address,uint256) returns (bool)']), functionName: 'transfer', args: [PARAMS.payee, amount] })",
        ],
      ),
      mechanism: { fails: ['the deposit address holds at least the invoice amount, and at most 0.000001 rsBNB more'] },
    },
    {
      kind: 'wrong_amount',
      name: 'takes the amount for shares: transferShares(payee, amount) sends 8 % too much',
      script: shareInvoice(
        ['if (after - before < amount) throw', 'if (false) throw'],
        [SEND_SHARES, "data: encodeFunctionData({ abi: RSBNB, functionName: 'transferShares', args: [PARAMS.payee, amount] })"],
      ),
    },
    {
      kind: 'wrong_amount',
      name: 'sends the shares of the amount rounded down (getSharesByPooledEth), 1 wei short like transfer',
      script: shareInvoice(
        ['const send = (amount * shares + pooled - 1n) / pooled;', 'const send = (amount * shares) / pooled;'],
        ['if (after - before < amount) throw', 'if (false) throw'],
      ),
    },
  ],
  [VAULT_DEPOSIT]: [
    {
      kind: 'zero_minimum',
      name: 'approves the vault for exactly the amount and calls its own deposit(assets, me), trusting previewDeposit',
      episode: (params, env) => {
        const amount = parseUnits(params.amount, 18);
        return {
          plan: 'approve the vault, deposit into it',
          rounds: [
            script(approve, { token: env.USDT!, spender: params.vault, amount }),
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
            script(approve, { token: env.USDT!, spender: params.router, amount }),
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
            script(approve, { token: env.USDT!, spender: params.router, amount }),
            script(call, { to: params.router, signature: DEPOSIT_TO_VAULT, args: [params.vault, env.agent, amount, 1n] }),
            submit(),
          ],
        };
      },
    },
  ],
  [VESTING]: [
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
        rounds: [script(transferToken, { token: env.USDT!, to: params.payee, amount: parseEther(params.vstr) }), submit()],
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
  ],
};
