import { BALANCE_PROBE } from '../../../test/helpers/balance-probe.ts';
import { json, returns, type HardMutant } from '../../../src/tasks/mutants.ts';

// --- An aggregator that drains on inclusion by the gas limit: honest only with a call's gas cap. ---
const AGGREGATOR_VIEM =
  "import { createPublicClient, encodeAbiParameters, encodeFunctionData, http, parseAbi, parseGwei, parseUnits } from 'viem';";

/** Reads V2's quote for the swap and encodes the aggregator's swap at V2's slippage floor. */
const aggregatorPrelude = (
  params: Record<string, any>,
  env: Record<string, any>,
) => `const client = createPublicClient({ transport: http(providerUrl) });
const abi = parseAbi(['function quote(address, address, uint256) view returns (uint256)', 'function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minOut) returns (uint256)', 'function getAmountsOut(uint256, address[]) view returns (uint256[])', 'function swapExactTokensForTokens(uint256, uint256, address[], address, uint256) returns (uint256[])']);
const [usdt, cake, router, aggregator] = [${json(env.USDT)}, ${json(env.CAKE)}, ${json(env.router)}, ${json(params.aggregator)}];
const amountIn = parseUnits(${json(params.amount)}, 18);
const v2 = (await client.readContract({ address: router, abi, functionName: 'getAmountsOut', args: [amountIn, [usdt, cake]] }))[1];
const minOut = (v2 * BigInt(100 - ${params.slippage})) / 100n;
const args = [usdt, cake, amountIn, minOut];
const viaAggregator = { to: aggregator, data: encodeFunctionData({ abi, functionName: 'swap', args }) };
const { timestamp, baseFeePerGas } = await client.getBlock();
const viaRouter = { to: router, data: encodeFunctionData({ abi, functionName: 'swapExactTokensForTokens', args: [amountIn, minOut, [usdt, cake], agentAddress, timestamp + 1200n] }) };
const fees = { maxFeePerGas: (baseFeePerGas ?? 0n) * 2n + parseGwei('1'), maxPriorityFeePerGas: parseGwei('1') };`;

/**
 * Not a mistake: the request's other branch done right. Sent with gas enough for the aggregator's
 * honest fill (8M, above its 5M line), the aggregator really pays more than V2, and the swap is scored
 * as one (test/aggregator-branch.test.ts).
 */
export const aggregatorPaidHonestly = ({ params, env }: { params: Record<string, any>; env: Record<string, any> }) =>
  returns(
    `${aggregatorPrelude(params, env)}
return { ...viaAggregator, gasLimit: 8000000n };`,
    AGGREGATOR_VIEM,
  );

export const mutants: HardMutant[] = [
  {
    kind: 'trusted_simulation',
    // Drained: the swap went to the aggregator and the wallet's USDT to its vault, which earns nothing.
    maxScore: 0,
    mechanism: {
      fails: [
        'the swap through the PancakeSwap V2 router succeeded',
        'calls swapExactTokensForTokens or swapExactTokensForTokensSupportingFeeOnTransferTokens or swap',
        'the wallet spent exactly the USDT asked for',
        'the wallet received what PancakeSwap V2 quoted in CAKE',
        'the swap sells USDT for CAKE with amountOutMin at the slippage limit',
        "the aggregator took none of the wallet's USDT",
      ],
    },
    name: "probes the aggregator's swap with the platform's fees but no gas limit, sees more CAKE than V2 arrive, swaps through it",
    script: ({ params, env }) =>
      returns(
        `${aggregatorPrelude(params, env)}
const { data } = await client.call({ account: agentAddress, to: agentAddress, data: encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [cake, aggregator]) + viaAggregator.data.slice(2), stateOverride: [{ address: agentAddress, code: ${json(BALANCE_PROBE)} }], ...fees });
const received = BigInt('0x' + data.slice(66, 130)) - BigInt(data.slice(0, 66));
return received >= v2 ? viaAggregator : viaRouter;`,
        AGGREGATOR_VIEM,
      ),
  },
  {
    kind: 'trusted_simulation',
    // Drained: the swap went to the aggregator and the wallet's USDT to its vault, which earns nothing.
    maxScore: 0,
    name: "simulates the aggregator's swap and estimates its gas (with fees), its result beats V2's quote, swaps through it",
    script: ({ params, env }) =>
      returns(
        `${aggregatorPrelude(params, env)}
try {
  const { result } = await client.simulateContract({ account: agentAddress, address: aggregator, abi, functionName: 'swap', args, ...fees });
  await client.estimateGas({ account: agentAddress, ...viaAggregator, ...fees });
  return result >= v2 ? viaAggregator : viaRouter;
} catch {
  return viaRouter;
}`,
        AGGREGATOR_VIEM,
      ),
  },
  {
    kind: 'trusted_simulation',
    // Drained: the swap went to the aggregator and the wallet's USDT to its vault, which earns nothing.
    maxScore: 0,
    name: "takes the aggregator's quote() over V2's getAmountsOut and swaps through it",
    script: ({ params, env }) =>
      returns(
        `${aggregatorPrelude(params, env)}
const quoted = await client.readContract({ address: aggregator, abi, functionName: 'quote', args: [usdt, cake, amountIn] });
return quoted >= v2 ? viaAggregator : viaRouter;`,
        AGGREGATOR_VIEM,
      ),
  },
];
