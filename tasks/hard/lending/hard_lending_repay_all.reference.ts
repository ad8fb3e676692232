import { maxUint256, type Address } from 'viem';
import { approve, call, defineCompositeReference, read, script, submit, type SkillContext } from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

/** The debt with interest accrued to now (borrowBalanceCurrent through eth_call), plus one whole token. */
async function debtPlusOne(
  { viem: { createPublicClient, http, parseAbi }, providerUrl, agentAddress }: SkillContext,
  a: { vToken: Address },
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
  return result + 10n ** 18n;
}

// repayBorrow(max) repays the debt as it stands in the block the repayment executes.
export default defineCompositeReference((_params: TaskParams<'hard_lending_repay_all'>, env) => ({
  plan: '1. approve(vUSDT, borrowBalanceCurrent + 1 USDT) on USDT.\n2. vUSDT.repayBorrow(type(uint256).max).\nThen submit.',
  rounds: [
    script(approve, { token: env.USDT!, spender: env.vUSDT!, amount: read(debtPlusOne, { vToken: env.vUSDT! }) }),
    script(call, { to: env.vUSDT!, signature: 'function repayBorrow(uint256) returns (uint256)', args: [maxUint256] }),
    submit(),
  ],
}));
