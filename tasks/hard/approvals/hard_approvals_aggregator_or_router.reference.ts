import {
  createPublicClient,
  encodeAbiParameters,
  encodeFunctionData,
  http,
  parseAbi,
  parseGwei,
  parseUnits,
  type Address,
  type Hex,
} from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_approvals_aggregator_or_router'>;

const AGGREGATOR = parseAbi(['function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minOut) returns (uint256)']);
const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
]);
/**
 * Runtime code put at the wallet's own address for one eth_call: calldata = token (32 bytes) | target
 * (32) | call data; it calls the target with that data as the wallet and returns the wallet's token
 * balance before and after (the Yul is in hard_approvals_claim_drainer_or_revoke.reference.ts).
 */
const BALANCE_PROBE: Hex =
  '0x5f356370a0823160e01b5f52306004526020608060245f845afa15605a575f8036603f190180604061010037610100826020355af115605e5760a060245f6020936370a0823160e01b8252306004525afa15605a5760406080f35b5f80fd5b3d5f803e3d5ffd';

// Runs the aggregator's swap as the platform will send it: from the wallet, with the gas limit the platform
// derives from its estimate (estimate + half + 50,000, set explicitly so the simulation and the sent
// transaction carry the same gas) and its fees, watching the wallet's CAKE. With that gas no CAKE arrives,
// so the USDT goes through the V2 router instead, with the slippage minimum.
export async function executeSkill(
  providerUrl: string,
  agentAddress: Address,
  deployedContracts: TaskContracts<'hard_approvals_aggregator_or_router'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const [usdt, cake, router] = [deployedContracts.USDT, deployedContracts.CAKE, deployedContracts.router];
  const amountIn = parseUnits(PARAMS.amount, 18);
  const path = [usdt, cake];
  const quote = await client.readContract({ address: router, abi: ROUTER, functionName: 'getAmountsOut', args: [amountIn, path] });
  const v2 = quote[1];
  if (v2 === undefined) throw new Error('the router returned no quote');
  const minOut = (v2 * BigInt(100 - PARAMS.slippage)) / 100n;
  const viaAggregator = encodeFunctionData({ abi: AGGREGATOR, functionName: 'swap', args: [usdt, cake, amountIn, minOut] });
  const block = await client.getBlock();
  const priority = parseGwei('1');
  const fees = { maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + priority, maxPriorityFeePerGas: priority };
  const received = await client
    .estimateGas({ account: agentAddress, to: PARAMS.aggregator, data: viaAggregator, ...fees })
    .then(async (estimate) => {
      const gas = estimate + estimate / 2n + 50_000n;
      const { data } = await client.call({
        account: agentAddress,
        to: agentAddress,
        data: `${encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [cake, PARAMS.aggregator])}${viaAggregator.slice(2)}`,
        stateOverride: [{ address: agentAddress, code: BALANCE_PROBE }],
        gas,
        ...fees,
      });
      if (!data) throw new Error('the balance probe returned nothing');
      return { gas, cake: BigInt(`0x${data.slice(66, 130)}`) - BigInt(data.slice(0, 66)) };
    })
    .catch(() => ({ gas: 0n, cake: 0n }));
  if (received.cake >= v2) return { to: PARAMS.aggregator, data: viaAggregator, gas: received.gas };
  return {
    to: router,
    data: encodeFunctionData({
      abi: ROUTER,
      functionName: 'swapExactTokensForTokens',
      args: [amountIn, minOut, path, agentAddress, block.timestamp + 1200n],
    }),
  };
}
