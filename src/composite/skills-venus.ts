// Skills for Venus rounds (the hard split): each an ordinary function of the script's context and its
// arguments, run alone in the sandbox.
import type { Address } from 'viem';
import type { SkillContext } from './script.ts';

/**
 * What the wallet owes `vToken` now, interest accrued to this block (borrowBalanceCurrent through
 * eth_call), plus `headroom` for the interest of the blocks until the repayment executes.
 */
export async function debtWithHeadroom(
  { viem: { createPublicClient, http, parseAbi }, providerUrl, agentAddress }: SkillContext,
  a: { vToken: Address; headroom: bigint },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi(['function borrowBalanceCurrent(address) returns (uint256)']);
  const { result } = await client.simulateContract({
    address: a.vToken,
    abi,
    functionName: 'borrowBalanceCurrent',
    args: [agentAddress],
    account: agentAddress,
  });
  return result + a.headroom;
}

/**
 * redeem(every vToken the wallet holds): the whole supply at the exchange rate of the block it executes,
 * where an underlying amount read earlier (balanceOfUnderlying) is short of the interest since.
 */
export async function redeemAll(
  { viem: { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi }, providerUrl, agentAddress }: SkillContext,
  a: { vToken: Address },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const held = await client.readContract({ address: a.vToken, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });
  return {
    to: a.vToken,
    data: encodeFunctionData({ abi: parseAbi(['function redeem(uint256) returns (uint256)']), functionName: 'redeem', args: [held] }),
  };
}
