// Wrong answers for the tasks whose first mechanism is view_vs_execution: a view or preview the agent
// reads first disagrees with what executing the call pays.
import { editedReference } from '../../../test/helpers/reference-edit.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_amount',
    name: 'sets minAssets from previewRedeem less the tolerance (the preview leaves out the exit fee)',
    script: editedReference('lending', 'hard_lending_vault_exit_min', [
      [
        "'function balanceOf(address) view returns (uint256)',",
        "'function balanceOf(address) view returns (uint256)', 'function previewRedeem(uint256) view returns (uint256)',",
      ],
      [
        "const { result: pays } = await client.simulateContract({ account: agent, address: vault, abi: VAULT, functionName: 'redeem', args: [shares, agent, agent, 0n] });",
        "const pays = await client.readContract({ address: vault, abi: VAULT, functionName: 'previewRedeem', args: [shares] });",
      ],
    ]),
    mechanism: {
      fails: [
        'minAssets is what the redemption really pays, less at most the tolerance',
        'every share redeemed and the whole payout in the wallet',
      ],
    },
  },
  {
    kind: 'zero_minimum',
    name: 'redeems everything with the unprotected redeem (no minimum)',
    script: editedReference('lending', 'hard_lending_vault_exit_min', [
      [
        "'function redeem(uint256 shares, address receiver, address owner, uint256 minAssets) returns (uint256)',",
        "'function redeem(uint256 shares, address receiver, address owner, uint256 minAssets) returns (uint256)', 'function redeem(uint256 shares, address receiver, address owner) returns (uint256)',",
      ],
      [
        "data: encodeFunctionData({ abi: VAULT, functionName: 'redeem', args: [shares, agent, agent, min] })",
        "data: encodeFunctionData({ abi: VAULT, functionName: 'redeem', args: [shares, agent, agent] })",
      ],
    ]),
  },
  {
    kind: 'wrong_amount',
    name: 'redeems half of the shares',
    script: editedReference('lending', 'hard_lending_vault_exit_min', [
      [
        "functionName: 'redeem', args: [shares, agent, agent, min] })",
        "functionName: 'redeem', args: [shares / 2n, agent, agent, min / 2n] })",
      ],
    ]),
  },
];
