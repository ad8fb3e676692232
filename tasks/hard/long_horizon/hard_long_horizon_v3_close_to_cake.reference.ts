import {
  approve,
  balanceChanges,
  defineCompositeReference,
  read,
  script,
  submit,
  transferToken,
  unwrap,
  type SkillContext,
} from 'evm-questbench/composite';
import type { Address } from 'viem';
import type { TaskParams } from '../../params.ts';

/** The wallet's position NFT in the `token0`/`token1` pool at `fee` (it holds one there). */
async function findPosition(
  { viem: { createPublicClient, http, parseAbi, isAddressEqual }, providerUrl, agentAddress, deployedContracts }: SkillContext,
  a: { token0: Address; token1: Address; fee: number },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function balanceOf(address) view returns (uint256)',
    'function tokenOfOwnerByIndex(address, uint256) view returns (uint256)',
    'function positions(uint256) view returns (uint96, address, address token0, address token1, uint24 fee, int24, int24, uint128, uint256, uint256, uint128, uint128)',
  ]);
  const manager = deployedContracts.v3_position_manager!;
  const n = await client.readContract({ address: manager, abi, functionName: 'balanceOf', args: [agentAddress] });
  for (let i = 0n; i < n; i++) {
    const id = await client.readContract({ address: manager, abi, functionName: 'tokenOfOwnerByIndex', args: [agentAddress, i] });
    const p = await client.readContract({ address: manager, abi, functionName: 'positions', args: [id] });
    if (isAddressEqual(p[2], a.token0) && isAddressEqual(p[3], a.token1) && p[4] === a.fee) return id;
  }
  throw new Error('no such position in the wallet');
}

/** decreaseLiquidity by all of the position's liquidity; minimums `slippage` % below what an eth_call of it returns. */
async function decreaseAll(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress, deployedContracts }: SkillContext,
  a: { tokenId: bigint; slippage: number },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function positions(uint256) view returns (uint96, address, address, address, uint24, int24, int24, uint128 liquidity, uint256, uint256, uint128, uint128)',
    'struct DecreaseLiquidityParams { uint256 tokenId; uint128 liquidity; uint256 amount0Min; uint256 amount1Min; uint256 deadline; }',
    'function decreaseLiquidity(DecreaseLiquidityParams params) payable returns (uint256 amount0, uint256 amount1)',
  ]);
  const manager = deployedContracts.v3_position_manager!;
  const liquidity = (await client.readContract({ address: manager, abi, functionName: 'positions', args: [a.tokenId] }))[7];
  const { timestamp } = await client.getBlock();
  const deadline = timestamp + 1200n;
  const { result } = await client.simulateContract({
    account: agentAddress,
    address: manager,
    abi,
    functionName: 'decreaseLiquidity',
    args: [{ tokenId: a.tokenId, liquidity, amount0Min: 0n, amount1Min: 0n, deadline }],
  });
  const keep = BigInt(100 - a.slippage);
  const args = { tokenId: a.tokenId, liquidity, amount0Min: (result[0] * keep) / 100n, amount1Min: (result[1] * keep) / 100n, deadline };
  return { to: manager, data: encodeFunctionData({ abi, functionName: 'decreaseLiquidity', args: [args] }) };
}

/** collect(tokenId, wallet, max, max): everything the position owes. */
function collectAll({ viem: { encodeFunctionData, parseAbi }, agentAddress, deployedContracts }: SkillContext, a: { tokenId: bigint }) {
  const abi = parseAbi([
    'struct CollectParams { uint256 tokenId; address recipient; uint128 amount0Max; uint128 amount1Max; }',
    'function collect(CollectParams params) payable returns (uint256, uint256)',
  ]);
  const max = 2n ** 128n - 1n;
  return {
    to: deployedContracts.v3_position_manager!,
    data: encodeFunctionData({
      abi,
      functionName: 'collect',
      args: [{ tokenId: a.tokenId, recipient: agentAddress, amount0Max: max, amount1Max: max }],
    }),
  };
}

/** burn(tokenId) on the position manager. */
function burnPosition({ viem: { encodeFunctionData, parseAbi }, deployedContracts }: SkillContext, a: { tokenId: bigint }) {
  return {
    to: deployedContracts.v3_position_manager!,
    data: encodeFunctionData({ abi: parseAbi(['function burn(uint256)']), functionName: 'burn', args: [a.tokenId] }),
  };
}

/**
 * exactInputSingle of exactly `amountIn` in the tokenIn/tokenOut pool with the most in-range liquidity (of the four
 * tiers); the minimum is QuoterV2's quote less `slippage` %.
 */
async function swapV3Deepest(
  {
    viem: { createPublicClient, encodeFunctionData, http, parseAbi, zeroAddress },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext,
  a: { tokenIn: Address; tokenOut: Address; amountIn: bigint; slippage: number },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const pools = parseAbi([
    'function getPool(address, address, uint24) view returns (address)',
    'function liquidity() view returns (uint128)',
  ]);
  let fee = 0;
  let deepest = -1n;
  for (const tier of [100, 500, 2500, 10000]) {
    const pool = await client.readContract({
      address: deployedContracts.v3_factory!,
      abi: pools,
      functionName: 'getPool',
      args: [a.tokenIn, a.tokenOut, tier],
    });
    if (pool === zeroAddress) continue;
    const liquidity = await client.readContract({ address: pool, abi: pools, functionName: 'liquidity' });
    if (liquidity > deepest) [fee, deepest] = [tier, liquidity];
  }
  const abi = parseAbi([
    'struct QuoteExactInputSingleParams { address tokenIn; address tokenOut; uint256 amountIn; uint24 fee; uint160 sqrtPriceLimitX96; }',
    'function quoteExactInputSingle(QuoteExactInputSingleParams params) returns (uint256 amountOut, uint160, uint32, uint256)',
    'struct ExactInputSingleParams { address tokenIn; address tokenOut; uint24 fee; address recipient; uint256 deadline; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }',
    'function exactInputSingle(ExactInputSingleParams params) payable returns (uint256 amountOut)',
  ]);
  const { result } = await client.simulateContract({
    address: deployedContracts.v3_quoter!,
    abi,
    functionName: 'quoteExactInputSingle',
    args: [{ tokenIn: a.tokenIn, tokenOut: a.tokenOut, amountIn: a.amountIn, fee, sqrtPriceLimitX96: 0n }],
  });
  const { timestamp } = await client.getBlock();
  const params = {
    tokenIn: a.tokenIn,
    tokenOut: a.tokenOut,
    fee,
    recipient: agentAddress,
    deadline: timestamp + 1200n,
    amountIn: a.amountIn,
    amountOutMinimum: (result[0] * BigInt(100 - a.slippage)) / 100n,
    sqrtPriceLimitX96: 0n,
  };
  return { to: deployedContracts.v3_swap_router!, data: encodeFunctionData({ abi, functionName: 'exactInputSingle', args: [params] }) };
}

export default defineCompositeReference((params: TaskParams<'hard_long_horizon_v3_close_to_cake'>, env) => {
  const tokenId = read(findPosition, { token0: env.USDT, token1: env.WBNB, fee: 2500 });
  /** What the collect round (the second transaction) paid, as its feedback reported it. */
  const collected = (feedback: readonly string[], holding: string) => balanceChanges(feedback)[1]!.get(holding) ?? 0n;
  return {
    plan: '1. decreaseLiquidity(all) with minimums from an eth_call of it.\n2. collect(max, max) to the wallet.\n3. burn.\n4. Unwrap the WBNB collect paid.\n5. Approve the V3 SwapRouter for the USDT collect paid.\n6. exactInputSingle USDT → CAKE in the CAKE/USDT tier with the most liquidity(), quoter minimum.\n7. Send the CAKE bought.\nThen submit.',
    rounds: [
      script(decreaseAll, { tokenId, slippage: params.slippage }),
      script(collectAll, { tokenId }),
      script(burnPosition, { tokenId }),
      (feedback) => script(unwrap, { amount: collected(feedback, 'WBNB') }),
      (feedback) => script(approve, { token: env.USDT, spender: env.v3_swap_router!, amount: collected(feedback, 'USDT') }),
      (feedback) =>
        script(swapV3Deepest, { tokenIn: env.USDT, tokenOut: env.CAKE, amountIn: collected(feedback, 'USDT'), slippage: params.slippage }),
      (feedback) => script(transferToken, { token: env.CAKE, to: params.to, amount: balanceChanges(feedback).at(-1)!.get('CAKE') ?? 0n }),
      submit(),
    ],
  };
});
