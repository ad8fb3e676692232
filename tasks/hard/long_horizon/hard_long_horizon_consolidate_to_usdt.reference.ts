import {
  approve,
  balanceChanges,
  defineCompositeReference,
  read,
  script,
  submit,
  transferToken,
  type SkillContext,
  type HardEnv,
  type HardContracts,
} from 'evm-questbench/composite';
import type { Address } from 'viem';
import type { TaskParams } from '../../params.ts';

/** `amount` (whole tokens, as written) in the token's base units, by its decimals(). */
async function unitsOf(
  { viem: { createPublicClient, erc20Abi, http, parseUnits }, providerUrl }: SkillContext<HardContracts>,
  a: { token: Address; amount: string },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  return parseUnits(a.amount, await client.readContract({ address: a.token, abi: erc20Abi, functionName: 'decimals' }));
}

/**
 * Sells exactly `amount` whole tokens along `path` with the fee-on-transfer-safe exact-input swap; the minimum is the
 * quote for what reaches the first pair (less the token's taxOf when it has one) less `slippage` %.
 */
async function sellExact(
  {
    viem: { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, parseUnits },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext<HardContracts>,
  a: { amount: string; path: Address[]; slippage: number },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const [token, next] = a.path;
  if (!token || !next) throw new Error('a sale path has at least two tokens');
  const amount = parseUnits(a.amount, await client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }));
  const abi = parseAbi([
    'function getPair(address, address) view returns (address)',
    'function taxOf(address from, address to, uint256 amount) view returns (uint256)',
    'function getAmountsOut(uint256, address[]) view returns (uint256[])',
    'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256, uint256, address[], address, uint256)',
  ]);
  const pair = await client.readContract({ address: deployedContracts.factory, abi, functionName: 'getPair', args: [token, next] });
  const tax = await client.readContract({ address: token, abi, functionName: 'taxOf', args: [agentAddress, pair, amount] }).catch(() => 0n);
  const quote = await client.readContract({
    address: deployedContracts.router,
    abi,
    functionName: 'getAmountsOut',
    args: [amount - tax, a.path],
  });
  const quoted = quote.at(-1);
  if (quoted === undefined) throw new Error('the router returned no quote');
  const min = (quoted * BigInt(100 - a.slippage)) / 100n;
  const { timestamp } = await client.getBlock();
  const args = [amount, min, a.path, agentAddress, timestamp + 1200n] as const;
  return {
    to: deployedContracts.router,
    data: encodeFunctionData({ abi, functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens', args }),
  };
}

export default defineCompositeReference((params: TaskParams<'hard_long_horizon_consolidate_to_usdt'>, env: HardEnv) => {
  const sales = [
    { token: env.YLD, amount: params.yld, path: [env.YLD, env.WBNB, env.USDT] },
    { token: env.USDCet, amount: params.usdc, path: [env.USDCet, env.USDT] },
    { token: env.FLOKI, amount: params.floki, path: [env.FLOKI, env.WBNB, env.USDT] },
  ];
  return {
    plan: "1-6. For YLD, USDCet and FLOKI: approve the router for exactly the amount in the token's decimals, then sell it with the fee-on-transfer-safe swap, minimum from the quote for what reaches the pool.\n7. Send the sum of the USDT the three sales added.\nThen submit.",
    rounds: [
      ...sales.flatMap((s) => [
        script(approve, { token: s.token, spender: env.router, amount: read(unitsOf, { token: s.token, amount: s.amount }) }),
        script(sellExact, { amount: s.amount, path: s.path, slippage: params.slippage }),
      ]),
      // The USDT the sales paid, as the feedback reported each (raw units).
      (feedback) =>
        script(transferToken, {
          token: env.USDT,
          to: params.to,
          amount: balanceChanges(feedback).reduce((sum, c) => sum + (c.get('USDT') ?? 0n), 0n),
        }),
      submit(),
    ],
  };
});
