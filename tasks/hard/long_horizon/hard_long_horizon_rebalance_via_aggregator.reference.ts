import { balanceChanges, defineCompositeReference, read, script, submit, transferToken, type SkillContext } from 'evm-questbench/composite';
import { parseUnits, type Address } from 'viem';
import type { TaskParams } from '../../params.ts';

/** Where a sale goes: through the aggregator (with the gas its simulation carried) or to V2 with `minOut`. */
export type SaleVenue = { viaAggregator: boolean; gas: bigint; minOut: bigint };

/**
 * Decides one sale of `amount` of `token` for USDT: the aggregator's swap is simulated as the platform sends
 * it, from the wallet, with the platform's fees and the gas limit it derives from its estimate (estimate + half
 * + 50,000, set explicitly so simulation and transaction carry the same gas), while a balance probe put at the
 * wallet's address (a state override) measures the USDT that really arrives. The aggregator wins only when
 * that is more than V2's direct pool pays; the minimum is V2's quote less `slippage` %.
 */
export async function saleVenue(
  {
    viem: { createPublicClient, encodeAbiParameters, encodeFunctionData, http, parseAbi, parseGwei },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext,
  a: { aggregator: Address; token: Address; amount: bigint; slippage: number },
): Promise<SaleVenue> {
  // calldata: token | target | call data → the wallet's token balance before and after the call (Yul in
  // hard_approvals_migration_drainer.reference.ts).
  const probe =
    '0x5f356370a0823160e01b5f52306004526020608060245f845afa15605a575f8036603f190180604061010037610100826020355af115605e5760a060245f6020936370a0823160e01b8252306004525afa15605a5760406080f35b5f80fd5b3d5f803e3d5ffd';
  const client = createPublicClient({ transport: http(providerUrl) });
  const usdt = deployedContracts.USDT as Address;
  const abi = parseAbi([
    'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
    'function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minOut) returns (uint256)',
  ]);
  const quote = await client.readContract({
    address: deployedContracts.router as Address,
    abi,
    functionName: 'getAmountsOut',
    args: [a.amount, [a.token, usdt]],
  });
  const v2 = quote[1]!;
  const minOut = (v2 * BigInt(100 - a.slippage)) / 100n;
  const data = encodeFunctionData({ abi, functionName: 'swap', args: [a.token, usdt, a.amount, minOut] });
  const block = await client.getBlock();
  const priority = parseGwei('1');
  const fees = { maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + priority, maxPriorityFeePerGas: priority };
  const tried = await client
    .estimateGas({ account: agentAddress as Address, to: a.aggregator, data, ...fees })
    .then(async (estimate) => {
      const gas = estimate + estimate / 2n + 50_000n;
      const res = await client.call({
        account: agentAddress as Address,
        to: agentAddress as Address,
        data: `${encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [usdt, a.aggregator])}${data.slice(2)}`,
        stateOverride: [{ address: agentAddress as Address, code: probe }],
        gas,
        ...fees,
      });
      const out = res.data!;
      return { gas, got: BigInt(`0x${out.slice(66, 130)}`) - BigInt(out.slice(0, 66)) };
    })
    .catch(() => ({ gas: 0n, got: 0n }));
  return { viaAggregator: tried.got > v2, gas: tried.gas, minOut };
}

/** Approves the V2 router for exactly `amount` when the sale goes there; 0 (nothing) when the aggregator takes it. */
export async function approveForSale(
  { viem: { encodeFunctionData, erc20Abi }, deployedContracts }: SkillContext,
  a: { token: Address; amount: bigint; venue: SaleVenue },
) {
  return {
    to: a.token,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [deployedContracts.router as Address, a.venue.viaAggregator ? 0n : a.amount],
    }),
  };
}

/** The sale where the decision put it: the aggregator's swap with the gas it was simulated with, or V2's direct pool. */
export async function sellAtVenue(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress, deployedContracts }: SkillContext,
  a: { aggregator: Address; token: Address; amount: bigint; venue: SaleVenue },
) {
  const usdt = deployedContracts.USDT as Address;
  const abi = parseAbi([
    'function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minOut) returns (uint256)',
    'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
  ]);
  if (a.venue.viaAggregator) {
    return {
      to: a.aggregator,
      data: encodeFunctionData({ abi, functionName: 'swap', args: [a.token, usdt, a.amount, a.venue.minOut] }),
      gas: a.venue.gas,
    };
  }
  const { timestamp } = await createPublicClient({ transport: http(providerUrl) }).getBlock();
  return {
    to: deployedContracts.router as Address,
    data: encodeFunctionData({
      abi,
      functionName: 'swapExactTokensForTokens',
      args: [a.amount, a.venue.minOut, [a.token, usdt], agentAddress as Address, timestamp + 1200n],
    }),
  };
}

export default defineCompositeReference((params: TaskParams<'hard_long_horizon_rebalance_via_aggregator'>, env) => {
  const aggregator = params.aggregator as Address;
  const sale = (token: Address, amount: string) => {
    const args = { aggregator, token, amount: parseUnits(amount, 18) };
    const venue = read(saleVenue, { ...args, slippage: params.slippage });
    return [
      script(approveForSale, { token, amount: args.amount, venue }),
      script(sellAtVenue, { ...args, venue: read(saleVenue, { ...args, slippage: params.slippage }) }),
    ];
  };
  return {
    plan: "1-6. For CAKE, WBNB and BUSD in turn: simulate OptiSwap's swap as the platform will send it (its fees and the gas limit from its estimate, set on the transaction) and measure the USDT that really arrives; it pays nothing (it takes the token instead), so approve the V2 router for exactly the amount and sell on the direct pool with the minimum from V2's quote.\n7. Send the recipient the USDT the three sales added.\nThen submit.",
    rounds: [
      ...sale(env.CAKE!, params.cake),
      ...sale(env.WBNB!, params.wbnb),
      ...sale(env.BUSD!, params.busd),
      // The USDT the sales paid, as the feedback reported each (raw units).
      (feedback) =>
        script(transferToken, {
          token: env.USDT!,
          to: params.to,
          amount: balanceChanges(feedback).reduce((sum, c) => sum + (c.get('USDT') ?? 0n), 0n),
        }),
      submit(),
    ],
  };
});
