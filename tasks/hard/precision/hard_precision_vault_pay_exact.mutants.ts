// Wrong answers for the tasks whose first mechanism is view_vs_execution: a view or preview the agent
// reads first disagrees with what executing the call pays.
import { editedReference } from '../../../test/helpers/reference-edit.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_amount',
    name: 'redeems the shares previewWithdraw gives for the amount (the preview leaves out the exit fee)',
    script: editedReference('precision', 'hard_precision_vault_pay_exact', [
      ['let shares = (preview * want + paid - 1n) / paid;', 'let shares = preview;'],
      ['for (let got = await pays(shares), step = 1n; got < want; got = await pays(shares), step *= 2n) shares += step;', ''],
    ]),
    mechanism: { fails: ['the payee received exactly the amount'] },
  },
  {
    kind: 'wrong_function',
    name: 'withdraw(amount, payee, wallet): the ERC-4626 call for an exact amount, which this vault pays short',
    script: editedReference('precision', 'hard_precision_vault_pay_exact', [
      [
        "'function redeem(uint256 shares, address receiver, address owner) returns (uint256)',",
        "'function redeem(uint256 shares, address receiver, address owner) returns (uint256)', 'function withdraw(uint256 assets, address receiver, address owner) returns (uint256)',",
      ],
      [
        "data: encodeFunctionData({ abi: VAULT, functionName: 'redeem', args: [shares, PARAMS.payee, agent] })",
        "data: encodeFunctionData({ abi: VAULT, functionName: 'withdraw', args: [want, PARAMS.payee, agent] })",
      ],
    ]),
  },
  {
    kind: 'wrong_recipient',
    name: 'redeems the right shares to the wallet instead of the payee',
    script: editedReference('precision', 'hard_precision_vault_pay_exact', [
      ["functionName: 'redeem', args: [shares, PARAMS.payee, agent] }) };", "functionName: 'redeem', args: [shares, agent, agent] }) };"],
    ]),
  },
];
