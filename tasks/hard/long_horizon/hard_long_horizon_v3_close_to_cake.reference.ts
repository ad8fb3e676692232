import {
  approve,
  balanceChanges,
  defineCompositeReference,
  read,
  script,
  submit,
  transferToken,
  unwrap,
  v3DecreaseAll,
  v3PositionIn,
  type SkillContext,
  type HardEnv,
  type HardContracts,
} from 'evm-questbench/composite';
import type { Address } from 'viem';
import type { TaskParams } from '../../params.ts';

/** collect(tokenId, wallet, max, max): everything the position owes. */
function collectAll(
  { viem: { encodeFunctionData, parseAbi }, agentAddress, deployedContracts }: SkillContext<HardContracts>,
  a: { tokenId: bigint },
) {
  const abi = parseAbi([
    'struct CollectParams { uint256 tokenId; address recipient; uint128 amount0Max; uint128 amount1Max; }',
    'function collect(CollectParams params) payable returns (uint256, uint256)',
  ]);
  const max = 2n ** 128n - 1n;
  return {
    to: deployedContracts.v3_position_manager,
    data: encodeFunctionData({
      abi,
      functionName: 'collect',
      args: [{ tokenId: a.tokenId, recipient: agentAddress, amount0Max: max, amount1Max: max }],
    }),
  };
}

/** burn(tokenId) on the position manager. */
function burnPosition({ viem: { encodeFunctionData, parseAbi }, deployedContracts }: SkillContext<HardContracts>, a: { tokenId: bigint }) {
  return {
    to: deployedContracts.v3_position_manager,
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
  }: SkillContext<HardContracts>,
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
      address: deployedContracts.v3_factory,
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
    address: deployedContracts.v3_quoter,
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
  return { to: deployedContracts.v3_swap_router, data: encodeFunctionData({ abi, functionName: 'exactInputSingle', args: [params] }) };
}

export default defineCompositeReference((params: TaskParams<'hard_long_horizon_v3_close_to_cake'>, env: HardEnv) => {
  const tokenId = read(v3PositionIn, { token0: env.USDT, token1: env.WBNB, fee: 2500 });
  /** What the collect round (the second transaction) paid, as its feedback reported it. */
  const collected = (feedback: readonly string[], holding: string) => balanceChanges(feedback)[1]?.get(holding) ?? 0n;
  return {
    plan: '1. decreaseLiquidity(all) with minimums from an eth_call of it.\n2. collect(max, max) to the wallet.\n3. burn.\n4. Unwrap the WBNB collect paid.\n5. Approve the V3 SwapRouter for the USDT collect paid.\n6. exactInputSingle USDT → CAKE in the CAKE/USDT tier with the most liquidity(), quoter minimum.\n7. Send the CAKE bought.\nThen submit.',
    rounds: [
      script(v3DecreaseAll, { tokenId, slippage: params.slippage }),
      script(collectAll, { tokenId }),
      script(burnPosition, { tokenId }),
      (feedback) => script(unwrap, { amount: collected(feedback, 'WBNB') }),
      (feedback) => script(approve, { token: env.USDT, spender: env.v3_swap_router, amount: collected(feedback, 'USDT') }),
      (feedback) =>
        script(swapV3Deepest, { tokenIn: env.USDT, tokenOut: env.CAKE, amountIn: collected(feedback, 'USDT'), slippage: params.slippage }),
      (feedback) => script(transferToken, { token: env.CAKE, to: params.to, amount: balanceChanges(feedback).at(-1)?.get('CAKE') ?? 0n }),
      submit(),
    ],
  };
});
