// Wrong answers for the reactive_adversary tasks: a searcher (or a liquidity adversary) reacts to the
// wallet's first attempt and keeps the state moved. The careless habit is the retry whose limit is
// re-derived from the moved state instead of held at the owner's limit.
import { parseUnits } from 'viem';
import { approve, balanceChanges, call, script, submit, swapExactTokens, type ScriptRound } from '../../../src/composite/reference.ts';
import { sellAtOracleFloor } from './hard_long_horizon_sell_then_supply_searcher.reference.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';

/** Approve, sell at the oracle floor (reverts), then `retry`, then supply what the last sale paid. */
const sellThenSupply =
  (retry: (p: Record<string, any>, env: Record<string, any>) => ScriptRound, opts: { approved?: bigint } = {}) =>
  (p: Record<string, any>, env: Record<string, any>) => {
    const amount = parseUnits(p.amount, 18);
    const paid = (f: readonly string[]) => balanceChanges(f)[2]?.get('USDT') ?? 0n;
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

export const mutants: HardMutant<ScriptRound>[] = [
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
        script(approve, { token: env.CAKE, spender: env.router, amount: parseUnits(p.amount, 18) }),
        script(sellAtOracleFloor, { amount: parseUnits(p.amount, 18), path: [env.CAKE, env.USDT], slippage: p.slippage }),
        submit(),
      ],
    }),
  },
];
