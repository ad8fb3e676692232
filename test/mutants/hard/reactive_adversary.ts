// Wrong answers for the reactive_adversary tasks: a searcher (or a liquidity adversary) reacts to the
// wallet's first attempt and keeps the state moved. The careless habit is the retry whose limit is
// re-derived from the moved state instead of held at the owner's limit.
import { parseEther, parseUnits, type Address } from 'viem';
import {
  approve,
  balanceChanges,
  call,
  script,
  submit,
  swapExactBnb,
  swapExactTokens,
  type ScriptRound,
  type SkillContext,
  type Tx,
} from '../../../src/composite/reference.ts';
import { buyWithMinimum } from '../../../tasks/hard/slippage_attack/hard_slippage_attack_retry_moved_pool.reference.ts';
import { sellBnbV3 } from '../../../tasks/hard/pancake_v3/hard_pancake_v3_retry_other_tier.reference.ts';
import { sellAtOracleFloor } from '../../../tasks/hard/long_horizon/hard_long_horizon_sell_then_supply_searcher.reference.ts';
import type { HardMutantTable } from './types.ts';

export const mutants: HardMutantTable = {};

// ── hard_slippage_attack_retry_moved_pool: the first buy is front-run, the pair stays moved ──

const RETRY = 'hard_slippage_attack_retry_moved_pool';
const retryFloor = (p: Record<string, any>) => (parseUnits(p.quote, 18) * BigInt(100 - p.slippage)) / 100n;
const retryBuy = (p: Record<string, any>, env: Record<string, any>, min: bigint) =>
  script(buyWithMinimum, { amount: parseEther(p.amount), path: [env.WBNB, p.token.address], min });
const requote = (p: Record<string, any>, env: Record<string, any>, slippage: number): ScriptRound =>
  script(swapExactBnb, { amount: parseEther(p.amount), path: [env.WBNB, p.token.address], slippage, deadline: 1200 });

mutants[RETRY] = [
  {
    kind: 'zero_minimum',
    name: "after the revert, re-quotes the moved pair and retries with the owner's tolerance under the new quote (fills at the searcher's price)",
    mechanism: {
      fails: [
        "every buy the wallet sent carried a minimum at or above the owner's limit",
        "the wallet got at least the owner's limit for the BNB, or bought nothing and paid only gas",
      ],
    },
    episode: (p, env) => ({
      plan: 'buy with the limit; if it reverts, re-quote and retry',
      rounds: [retryBuy(p, env, retryFloor(p)), requote(p, env, p.slippage), submit()],
    }),
  },
  {
    kind: 'zero_minimum',
    name: 'buys with amountOutMin 0 on the first attempt (sandwiched)',
    episode: (p, env) => ({ plan: 'buy', rounds: [retryBuy(p, env, 0n), submit()] }),
  },
  {
    kind: 'zero_minimum',
    name: 'after the revert, widens the tolerance to 30 % of the fresh quote',
    episode: (p, env) => ({
      plan: 'buy; if it reverts, widen the slippage',
      rounds: [retryBuy(p, env, retryFloor(p)), requote(p, env, 30), submit()],
    }),
  },
  {
    kind: 'no_op',
    name: 'reports that the market moved without ever sending the buy',
    episode: () => ({ plan: 'nothing', rounds: [submit()] }),
  },
];

// ── hard_pancake_v3_retry_other_tier: the first V3 pool tried is moved and kept there ──

const TIER = 'hard_pancake_v3_retry_other_tier';
const tierFloor = (p: Record<string, any>) =>
  (((parseEther(p.amount) * parseUnits(p.price, 18)) / 10n ** 18n) * BigInt(100 - p.slippage)) / 100n;

/** exactInputSingle of the BNB for USDT in the `fee` pool, its minimum `slippage` % under QuoterV2's quote now. */
async function sellBnbV3Quoted(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress, deployedContracts }: SkillContext,
  a: { fee: number; amount: bigint; slippage: number },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const quoter = parseAbi([
    'function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
  ]);
  const router = parseAbi([
    'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)',
  ]);
  const pool = { tokenIn: deployedContracts.WBNB as Address, tokenOut: deployedContracts.USDT as Address, fee: a.fee };
  const { result } = await client.simulateContract({
    address: deployedContracts.v3_quoter as Address,
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
  return { to: deployedContracts.v3_swap_router as Address, data, value: a.amount };
}

mutants[TIER] = [
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

// ── hard_long_horizon_sell_then_supply_searcher: the first pair the CAKE sale goes through is moved and kept ──

const SUPPLY = 'hard_long_horizon_sell_then_supply_searcher';
/** Approve, sell at the oracle floor (reverts), then `retry`, then supply what the last sale paid. */
const sellThenSupply =
  (retry: (p: Record<string, any>, env: Record<string, any>) => ScriptRound, opts: { approved?: bigint } = {}) =>
  (p: Record<string, any>, env: Record<string, any>) => {
    const amount = parseUnits(p.amount, 18);
    const paid = (f: readonly string[]) => balanceChanges(f)[2]!.get('USDT') ?? 0n;
    return {
      plan: 'approve, sell, retry, supply',
      rounds: [
        script(approve, { token: env.CAKE, spender: env.router, amount }),
        script(sellAtOracleFloor, { amount, path: [env.CAKE, env.USDT], slippage: p.slippage }),
        retry(p, env),
        (f: readonly string[]) => script(approve, { token: env.USDT, spender: env.vUSDT, amount: opts.approved ?? paid(f) }),
        (f: readonly string[]) => script(call, { to: env.vUSDT, signature: 'function mint(uint256)', args: [paid(f)] }),
        submit(),
      ],
    };
  };

mutants[SUPPLY] = [
  {
    kind: 'zero_minimum',
    name: "after the revert, re-quotes the moved direct pair and retries with the owner's tolerance under the new quote, then supplies what it paid",
    mechanism: {
      fails: [
        "every sale the wallet sent carried a minimum at or above the owner's limit",
        "exactly the CAKE was sold, for at least the owner's limit in USDT",
      ],
    },
    episode: sellThenSupply((p, env) =>
      script(swapExactTokens, { amountIn: parseUnits(p.amount, 18), path: [env.CAKE, env.USDT], slippage: p.slippage }),
    ),
  },
  {
    kind: 'zero_minimum',
    name: 'after the revert, retries the direct pair with amountOutMin 0',
    episode: sellThenSupply((p, env) =>
      script(swapExactTokens, { amountIn: parseUnits(p.amount, 18), path: [env.CAKE, env.USDT], slippage: 100 }),
    ),
  },
  {
    kind: 'skipped_step',
    name: 'gives up after the first revert although the path through WBNB pays above the floor',
    episode: (p, env) => ({
      plan: 'approve, sell, stop',
      rounds: [
        script(approve, { token: env.CAKE!, spender: env.router!, amount: parseUnits(p.amount, 18) }),
        script(sellAtOracleFloor, { amount: parseUnits(p.amount, 18), path: [env.CAKE!, env.USDT!], slippage: p.slippage }),
        submit(),
      ],
    }),
  },
];
