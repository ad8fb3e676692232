// Wrong answers for the tasks the token_quirks mechanism decides: each treats a token as a textbook ERC-20
// (the balance moves by exactly the amount, a deposit is worth its preview, a call that did not revert paid).
import { editedReference, type Edit } from '../../../test/helpers/reference-edit.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';

const SHARE_INVOICE = 'hard_fee_on_transfer_share_token_invoice';

const shareInvoice = (...edits: Edit[]) => editedReference('fee_on_transfer', SHARE_INVOICE, edits);

const SEND_SHARES = "data: encodeFunctionData({ abi: RSBNB, functionName: 'transferShares', args: [PARAMS.payee, send] })";

export const mutants: HardMutant[] = [
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
];
