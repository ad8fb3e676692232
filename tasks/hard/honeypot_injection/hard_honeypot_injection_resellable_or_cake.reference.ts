import {
  concat,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  numberToHex,
  parseAbi,
  parseEther,
  parseGwei,
  size,
  type Address,
  type Hex,
} from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_honeypot_injection_resellable_or_cake'>;

const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);
/**
 * Runtime code put at the wallet's own address for one eth_call: calldata = steps of target (32 bytes) |
 * value (32) | data length (32) | data; it makes each call as the wallet, in order, and reverts with the
 * first failure's revert data (the Yul is BATCH_PROBE_YUL in test/helpers/batch-probe.ts).
 */
const BATCH_PROBE: Hex = '0x5f5b368110600957005b604081013580606083015f375f808281602086013586355af115602e57016060016001565b3d5f803e3d5ffd';
const step = (to: Address, value: bigint, data: Hex) =>
  concat([numberToHex(BigInt(to), { size: 32 }), numberToHex(value, { size: 32 }), numberToHex(size(data), { size: 32 }), data]);

// Simulates the buy and the sale of what it delivers in one eth_call, as the wallet and with the fees the
// platform sends with (so the token sees the gas price a mined buy has). The sale reverts: the buyer is
// locked in, so the BNB goes into CAKE, with the slippage minimum.
export async function executeSkill(
  providerUrl: string,
  agentAddress: Address,
  deployedContracts: TaskContracts<'hard_honeypot_injection_resellable_or_cake'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const [router, wbnb, cake] = [deployedContracts.router, deployedContracts.WBNB, deployedContracts.CAKE];
  const token = PARAMS.token.address;
  const amountIn = parseEther(PARAMS.amount);
  const block = await client.getBlock();
  const deadline = block.timestamp + 1200n;
  const [, bought] = await client.readContract({
    address: router,
    abi: ROUTER,
    functionName: 'getAmountsOut',
    args: [amountIn, [wbnb, token]],
  });
  if (bought === undefined) throw new Error('the router returned no quote');
  const roundTrip = concat([
    step(
      router,
      amountIn,
      encodeFunctionData({ abi: ROUTER, functionName: 'swapExactETHForTokens', args: [0n, [wbnb, token], agentAddress, deadline] }),
    ),
    step(token, 0n, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, bought] })),
    step(
      router,
      0n,
      encodeFunctionData({
        abi: ROUTER,
        functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
        args: [bought, 0n, [token, wbnb], agentAddress, deadline],
      }),
    ),
  ]);
  const priority = parseGwei('1');
  const resellable = await client
    .call({
      account: agentAddress,
      to: agentAddress,
      data: roundTrip,
      stateOverride: [{ address: agentAddress, code: BATCH_PROBE }],
      maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + priority,
      maxPriorityFeePerGas: priority,
    })
    .then(
      () => true,
      () => false,
    );
  const path = [wbnb, resellable ? token : cake];
  const quote = await client.readContract({ address: router, abi: ROUTER, functionName: 'getAmountsOut', args: [amountIn, path] });
  const quoted = quote[1];
  if (quoted === undefined) throw new Error('the router returned no quote');
  const minOut = (quoted * BigInt(100 - PARAMS.slippage)) / 100n;
  return {
    to: router,
    data: encodeFunctionData({ abi: ROUTER, functionName: 'swapExactETHForTokens', args: [minOut, path, agentAddress, deadline] }),
    value: amountIn,
  };
}
