import { parseUnits, type Address } from 'viem';
import {
  approve,
  balanceChanges,
  call,
  defineCompositeReference,
  script,
  submit,
  type SkillContext,
  type Tx,
  type HardEnv,
  type HardContracts,
  defined,
} from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

/**
 * swapExactTokensForTokens of exactly `amount` CAKE along `path` (ending in USDT), its minimum the CAKE's
 * value at the Venus oracle's price less `slippage` % (never a quote of the pools the sale goes through).
 */
export async function sellAtOracleFloor(
  {
    viem: { createPublicClient, encodeFunctionData, http, parseAbi },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext<HardContracts>,
  a: { amount: bigint; path: Address[]; slippage: number },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const price = await client.readContract({
    address: deployedContracts.venus_oracle,
    abi: parseAbi(['function getUnderlyingPrice(address) view returns (uint256)']),
    functionName: 'getUnderlyingPrice',
    args: [deployedContracts.vCAKE],
  });
  const min = (((a.amount * price) / 10n ** 18n) * BigInt(100 - a.slippage)) / 100n;
  const { timestamp } = await client.getBlock();
  const abi = parseAbi(['function swapExactTokensForTokens(uint256, uint256, address[], address, uint256) returns (uint256[])']);
  const data = encodeFunctionData({
    abi,
    functionName: 'swapExactTokensForTokens',
    args: [a.amount, min, a.path, agentAddress, timestamp + 1200n],
  });
  return { to: deployedContracts.router, data };
}

// CAKE and USDT have 18 decimals. The direct sale at the oracle floor reverts (its pair was moved
// first); the same floor through WBNB fills. The USDT it paid (the third round's feedback) is approved
// exactly and supplied.
export default defineCompositeReference((params: TaskParams<'hard_long_horizon_sell_then_supply_searcher'>, env: HardEnv) => {
  const amount = parseUnits(params.amount, 18);
  const paid = (f: readonly string[]) => defined(balanceChanges(f)[2]?.get('USDT'), 'the USDT the sale paid');
  return {
    plan: `1. approve(router, ${params.amount} CAKE).\n2. Sell CAKE→USDT, min = oracle value less ${params.slippage}%.\n3. If it reverts, the same floor via WBNB.\n4. approve(vUSDT, USDT paid).\n5. vUSDT.mint(USDT paid). Submit.`,
    rounds: [
      script(approve, { token: env.CAKE, spender: env.router, amount }),
      script(sellAtOracleFloor, { amount, path: [env.CAKE, env.USDT], slippage: params.slippage }),
      script(sellAtOracleFloor, { amount, path: [env.CAKE, env.WBNB, env.USDT], slippage: params.slippage }),
      (f) => script(approve, { token: env.USDT, spender: env.vUSDT, amount: paid(f) }),
      (f) => script(call, { to: env.vUSDT, signature: 'function mint(uint256)', args: [paid(f)] }),
      submit(),
    ],
  };
});
