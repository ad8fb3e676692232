import { parseEther, parseUnits, type Address } from 'viem';
import {
  defineCompositeReference,
  query,
  script,
  submit,
  type SkillContext,
  type Tx,
  type HardEnv,
  type HardContracts,
} from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

/** swapExactETHForTokens of exactly `amount` wei along `path`, with the minimum given (not re-quoted). */
export async function buyWithMinimum(
  {
    viem: { createPublicClient, encodeFunctionData, http, parseAbi },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext<HardContracts>,
  a: { amount: bigint; path: Address[]; min: bigint },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi(['function swapExactETHForTokens(uint256, address[], address, uint256) payable returns (uint256[])']);
  const { timestamp } = await client.getBlock();
  const data = encodeFunctionData({ abi, functionName: 'swapExactETHForTokens', args: [a.min, a.path, agentAddress, timestamp + 1200n] });
  return { to: deployedContracts.router, data, value: a.amount };
}

// The owner's limit is the stated quote less the tolerance, fixed before anything moves. The buy with it
// as the minimum reverts (the pair was moved first); the pair read again is still moved, so the limit
// cannot be met there and the BNB stays: submit.
export default defineCompositeReference((params: TaskParams<'hard_slippage_attack_retry_moved_pool'> & { quote: string }, env: HardEnv) => {
  const min = (parseUnits(params.quote, 18) * BigInt(100 - params.slippage)) / 100n;
  return {
    plan: `1. swapExactETHForTokens(${params.amount} BNB, min = ${params.quote} less ${params.slippage}%).\n2. If it reverts, read the pair; never lower the minimum. Submit.`,
    rounds: [
      script(buyWithMinimum, { amount: parseEther(params.amount), path: [env.WBNB, params.token.address], min }),
      query({ type: 'pair_reserves', pair: params.token.pair }),
      submit(),
    ],
  };
});
