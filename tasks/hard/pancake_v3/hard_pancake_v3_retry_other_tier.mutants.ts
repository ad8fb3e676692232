// Wrong answers for the reactive_adversary tasks: a searcher (or a liquidity adversary) reacts to the
// wallet's first attempt and keeps the state moved. The careless habit is the retry whose limit is
// re-derived from the moved state instead of held at the owner's limit.
import { parseEther, parseUnits } from 'viem';
import { script, submit, type SkillContext, type Tx, type ScriptRound, type HardContracts } from '../../../src/composite/reference.ts';
import { sellBnbV3 } from './hard_pancake_v3_retry_other_tier.reference.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';

const tierFloor = (p: Record<string, any>) =>
  (((parseEther(p.amount) * parseUnits(p.price, 18)) / 10n ** 18n) * BigInt(100 - p.slippage)) / 100n;

/** exactInputSingle of the BNB for USDT in the `fee` pool, its minimum `slippage` % under QuoterV2's quote now. */
async function sellBnbV3Quoted(
  {
    viem: { createPublicClient, encodeFunctionData, http, parseAbi },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext<HardContracts>,
  a: { fee: number; amount: bigint; slippage: number },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const quoter = parseAbi([
    'function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
  ]);
  const router = parseAbi([
    'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)',
  ]);
  const pool = { tokenIn: deployedContracts.WBNB, tokenOut: deployedContracts.USDT, fee: a.fee };
  const { result } = await client.simulateContract({
    address: deployedContracts.v3_quoter,
    abi: quoter,
    functionName: 'quoteExactInputSingle',
    args: [{ ...pool, amountIn: a.amount, sqrtPriceLimitX96: 0n }],
  });
  const min = (result[0] * BigInt(100 - a.slippage)) / 100n;
  const { timestamp } = await client.getBlock();
  const data = encodeFunctionData({
    abi: router,
    functionName: 'exactInputSingle',
    args: [
      { ...pool, recipient: agentAddress, deadline: timestamp + 1200n, amountIn: a.amount, amountOutMinimum: min, sqrtPriceLimitX96: 0n },
    ],
  });
  return { to: deployedContracts.v3_swap_router, data, value: a.amount };
}

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'zero_minimum',
    name: "after the revert, re-quotes the same (moved) pool and retries with the owner's tolerance under the new quote",
    mechanism: {
      fails: [
        "every sale the wallet sent carried a minimum at or above the owner's limit",
        "the wallet received at least the owner's limit in USDT for exactly the BNB",
      ],
    },
    episode: (p) => ({
      plan: 'sell at the floor; if it reverts, re-quote and retry',
      rounds: [
        script(sellBnbV3, { fee: 500, amount: parseEther(p.amount), min: tierFloor(p) }),
        script(sellBnbV3Quoted, { fee: 500, amount: parseEther(p.amount), slippage: p.slippage }),
        submit(),
      ],
    }),
  },
  {
    kind: 'zero_minimum',
    name: 'sells in the deepest pool with amountOutMinimum 0 (fills at the moved price)',
    episode: (p) => ({ plan: 'sell', rounds: [script(sellBnbV3, { fee: 500, amount: parseEther(p.amount), min: 0n }), submit()] }),
  },
  {
    kind: 'skipped_step',
    name: 'gives up after the first revert although another tier of the pair pays above the floor',
    episode: (p) => ({
      plan: 'sell at the floor; stop if it reverts',
      rounds: [script(sellBnbV3, { fee: 500, amount: parseEther(p.amount), min: tierFloor(p) }), submit()],
    }),
  },
];
