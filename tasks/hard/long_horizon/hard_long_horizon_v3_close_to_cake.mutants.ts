import type { Address } from 'viem';
import {
  approve,
  balanceChanges,
  read,
  script,
  submit,
  transferToken,
  unwrap,
  type SkillContext,
  v3DecreaseAll,
  v3PositionIn,
  type ScriptRound,
  type HardContracts,
} from '../../../src/composite/reference.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';

/** collect(tokenId, wallet, max, max). */
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

/** exactInputSingle of `amountIn` at `fee`; the minimum from the quoter less 1 %, or none when the quoter has no such pool. */
async function swapV3At(
  {
    viem: { createPublicClient, encodeFunctionData, http, parseAbi },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext<HardContracts>,
  a: { tokenIn: Address; tokenOut: Address; fee: number; amountIn: bigint },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'struct QuoteExactInputSingleParams { address tokenIn; address tokenOut; uint256 amountIn; uint24 fee; uint160 sqrtPriceLimitX96; }',
    'function quoteExactInputSingle(QuoteExactInputSingleParams params) returns (uint256 amountOut, uint160, uint32, uint256)',
    'struct ExactInputSingleParams { address tokenIn; address tokenOut; uint24 fee; address recipient; uint256 deadline; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }',
    'function exactInputSingle(ExactInputSingleParams params) payable returns (uint256 amountOut)',
  ]);
  let min = 0n;
  try {
    const { result } = await client.simulateContract({
      address: deployedContracts.v3_quoter,
      abi,
      functionName: 'quoteExactInputSingle',
      args: [{ tokenIn: a.tokenIn, tokenOut: a.tokenOut, amountIn: a.amountIn, fee: a.fee, sqrtPriceLimitX96: 0n }],
    });
    min = (result[0] * 99n) / 100n;
  } catch {
    // no pool at that tier: the habit goes ahead anyway
  }
  const params = {
    tokenIn: a.tokenIn,
    tokenOut: a.tokenOut,
    fee: a.fee,
    recipient: agentAddress,
    deadline: (await client.getBlock()).timestamp + 1200n,
    amountIn: a.amountIn,
    amountOutMinimum: min,
    sqrtPriceLimitX96: 0n,
  };
  return { to: deployedContracts.v3_swap_router, data: encodeFunctionData({ abi, functionName: 'exactInputSingle', args: [params] }) };
}

/** burn(tokenId). */
function burnPosition({ viem: { encodeFunctionData, parseAbi }, deployedContracts }: SkillContext<HardContracts>, a: { tokenId: bigint }) {
  return {
    to: deployedContracts.v3_position_manager,
    data: encodeFunctionData({ abi: parseAbi(['function burn(uint256)']), functionName: 'burn', args: [a.tokenId] }),
  };
}

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'wrong_fee_tier',
    mechanism: {
      fails: [
        "the V3 SwapRouter's USDT allowance was set and nothing is left of it",
        'exactly the USDT collected was sold for CAKE in the deepest CAKE/USDT pool',
        "the sale's minimum is within the slippage limit of the quoter",
        'the recipient received exactly the CAKE the sale bought',
      ],
    },
    name: "closes the position right, then swaps at Uniswap's 3000 tier (no such pool: the sale reverts)",
    episode: (_params, env) => {
      const tokenId = read(v3PositionIn, { token0: env.USDT, token1: env.WBNB, fee: 2500 });
      const collected = (f: readonly string[], h: string) => balanceChanges(f)[1]?.get(h) ?? 0n;
      return {
        plan: 'decrease, collect, burn, unwrap, approve, swap at 0.3 %, send',
        rounds: [
          script(v3DecreaseAll, { tokenId, slippage: 1 }),
          script(collectAll, { tokenId }),
          script(burnPosition, { tokenId }),
          (f) => script(unwrap, { amount: collected(f, 'WBNB') }),
          (f) => script(approve, { token: env.USDT, spender: env.v3_swap_router, amount: collected(f, 'USDT') }),
          (f) => script(swapV3At, { tokenIn: env.USDT, tokenOut: env.CAKE, fee: 3000, amountIn: collected(f, 'USDT') }),
          (f) => script(transferToken, { token: env.CAKE, to: _params.to, amount: balanceChanges(f).at(-1)?.get('CAKE') ?? 0n }),
          submit(),
        ],
      };
    },
  },
  {
    kind: 'skipped_step',
    name: 'collects before decreasing (only the fees), so the burn reverts and only the fees are carried on',
    episode: (params, env) => {
      const tokenId = read(v3PositionIn, { token0: env.USDT, token1: env.WBNB, fee: 2500 });
      const collected = (f: readonly string[], h: string) => balanceChanges(f)[0]?.get(h) ?? 0n;
      return {
        plan: 'collect, decrease, burn, unwrap, approve, swap, send',
        rounds: [
          script(collectAll, { tokenId }),
          script(v3DecreaseAll, { tokenId, slippage: 1 }),
          script(burnPosition, { tokenId }),
          (f) => script(unwrap, { amount: collected(f, 'WBNB') }),
          (f) => script(approve, { token: env.USDT, spender: env.v3_swap_router, amount: collected(f, 'USDT') }),
          (f) => script(swapV3At, { tokenIn: env.USDT, tokenOut: env.CAKE, fee: 2500, amountIn: collected(f, 'USDT') }),
          (f) => script(transferToken, { token: env.CAKE, to: params.to, amount: balanceChanges(f).at(-1)?.get('CAKE') ?? 0n }),
          submit(),
        ],
      };
    },
  },
];
