import { parseEther, parseUnits } from 'viem';
import { defineCompositeReference, script, submit, type SkillContext, type Tx, type HardContracts } from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

/** exactInputSingle of exactly `amount` wei of BNB (as WBNB) for USDT in the `fee` pool, with the minimum given. */
export async function sellBnbV3(
  {
    viem: { createPublicClient, encodeFunctionData, http, parseAbi },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext<HardContracts>,
  a: { fee: number; amount: bigint; min: bigint },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)',
  ]);
  const { timestamp } = await client.getBlock();
  const data = encodeFunctionData({
    abi,
    functionName: 'exactInputSingle',
    args: [
      {
        tokenIn: deployedContracts.WBNB,
        tokenOut: deployedContracts.USDT,
        fee: a.fee,
        recipient: agentAddress,
        deadline: timestamp + 1200n,
        amountIn: a.amount,
        amountOutMinimum: a.min,
        sqrtPriceLimitX96: 0n,
      },
    ],
  });
  return { to: deployedContracts.v3_swap_router, data, value: a.amount };
}

// The floor is the whole amount at the stated V2 price less the tolerance, fixed before anything moves.
// The sale in the deepest tier (0.05 %) reverts on it (that pool was moved first); the same floor in the
// 0.25 % tier, untouched, fills.
export default defineCompositeReference((params: TaskParams<'hard_pancake_v3_retry_other_tier'> & { price: string }) => {
  const amount = parseEther(params.amount);
  const min = (((amount * parseUnits(params.price, 18)) / 10n ** 18n) * BigInt(100 - params.slippage)) / 100n;
  return {
    plan: `Floor = ${params.amount} × ${params.price} less ${params.slippage}%.\n1. exactInputSingle WBNB→USDT, 0.05 % pool, min = floor.\n2. If it reverts, the same floor in the 0.25 % pool. Submit.`,
    rounds: [script(sellBnbV3, { fee: 500, amount, min }), script(sellBnbV3, { fee: 2500, amount, min }), submit()],
  };
});
