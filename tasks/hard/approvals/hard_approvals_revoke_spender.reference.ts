import { defineCompositeReference, script, submit, type SkillContext, type Tx, type HardContracts } from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

/**
 * Revokes the first live allowance of the wallet to `spender`: the tokens come from the wallet's Approval
 * logs for that spender (any contract), the live ones from allowance() now.
 */
async function revokeNextAllowance(
  {
    viem: { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbiItem },
    providerUrl,
    agentAddress,
  }: SkillContext<HardContracts>,
  a: { spender: string },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const spender = a.spender as `0x${string}`;
  const event = parseAbiItem('event Approval(address indexed owner, address indexed spender, uint256 value)');
  const logs = await client.getLogs({ event, args: { owner: agentAddress, spender }, fromBlock: 0n, toBlock: 'latest' });
  const tokens = [...new Set(logs.map((l) => l.address))].sort();
  for (const token of tokens) {
    const left = await client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [agentAddress, spender] });
    if (left > 0n) return { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 0n] }) };
  }
  throw new Error('no live allowance to ' + spender + ' is left');
}

export default defineCompositeReference((params: TaskParams<'hard_approvals_revoke_spender'>) => ({
  plan: "Read the wallet's Approval logs for the spender across all contracts; for each token whose allowance() is still non-zero, approve(spender, 0), one per round (4 live). Then submit.",
  rounds: [
    script(revokeNextAllowance, { spender: params.spender }),
    script(revokeNextAllowance, { spender: params.spender }),
    script(revokeNextAllowance, { spender: params.spender }),
    script(revokeNextAllowance, { spender: params.spender }),
    submit(),
  ],
}));
