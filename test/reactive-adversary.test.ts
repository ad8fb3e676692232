// The searchers of the reactive_adversary tasks, on the hard chain: each front-runs the wallet's first
// attempt, keeps the state moved for the retry, and leaves the independent price (the stated quote, the
// V2 pair a V3 sale is priced from, the Venus oracle) and the other route where they were. So a retry
// with the owner's limit reverts or fills elsewhere at the fair price, and a retry re-quoted from the
// moved pool fills below the limit. hard_slippage_attack_retry_moved_pool,
// hard_pancake_v3_retry_other_tier and hard_long_horizon_sell_then_supply_searcher rely on exactly this.
import { encodeFunctionData, erc20Abi, parseAbi, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { asHardEnv } from '../src/tasks/address-map.ts';
import { describe, expect, test } from 'vitest';
import { signAndSend } from '../src/execution/send.ts';
import type { Validator } from '../src/validators/types.ts';
import { approveAs, balanceOf, quoteExactInputSingle, quoteOut, setTokenBalance } from '../src/validators/index.ts';
import retryMovedPool from '../tasks/hard/slippage_attack/hard_slippage_attack_retry_moved_pool.validator.ts';
import retryOtherTier from '../tasks/hard/pancake_v3/hard_pancake_v3_retry_other_tier.validator.ts';
import sellThenSupply from '../tasks/hard/long_horizon/hard_long_horizon_sell_then_supply_searcher.validator.ts';
import { useHardSession } from './helpers/hard-session.ts';

const t = useHardSession();
const V2 = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
]);
const V3 = parseAbi([
  'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)',
]);
const ORACLE = parseAbi(['function getUnderlyingPrice(address vToken) view returns (uint256)']);
const FAR = 2n ** 40n;

/** The wallet's transaction as the harness sends it: the task's searcher sees it first. */
async function send(validator: Validator, params: Record<string, any>, tx: { to: Address; data: Hex; value?: bigint }) {
  const { chain, account, marker } = t.session;
  const env = asHardEnv(t.session.env);
  const agent = account.address;
  await validator.beforeSend!({ params, env, agent, chain, tx: { from: agent, to: tx.to, data: tx.data, value: tx.value ?? 0n } });
  const sent = await signAndSend(chain, account, { to: tx.to, data: tx.data, value: tx.value ?? 0n }, { chainId: 56, marker });
  if (sent.kind !== 'mined') throw new Error(`not mined: ${JSON.stringify(sent)}`);
  return sent.receipt.status;
}

describe('reactive searchers', () => {
  test('V2 buy: the first attempt is front-run and reverts on the owner floor; the pair stays moved, so a re-quoted retry fills far below it', async () => {
    const { chain, account } = t.session;
    const env = asHardEnv(t.session.env);
    const agent = account.address;
    const params = { token: { symbol: 'CAKE', address: env.CAKE, pair: env.pair_CAKE_WBNB }, amount: '1.2', slippage: 3 };
    const amount = parseEther(params.amount);
    const path = [env.WBNB, env.CAKE];
    const fair = await quoteOut(chain.public, env.router, amount, path);
    const floor = (fair * 97n) / 100n;
    const buy = (min: bigint) => ({
      to: env.router,
      data: encodeFunctionData({ abi: V2, functionName: 'swapExactETHForTokens', args: [min, path, agent, FAR] }),
      value: amount,
    });
    expect(await send(retryMovedPool, params, buy(floor))).toBe('reverted');
    const moved = await quoteOut(chain.public, env.router, amount, path);
    expect(moved).toBeLessThan((fair * 78n) / 100n);
    // The same limit again reverts again (the searcher does not give its position up) ...
    expect(await send(retryMovedPool, params, buy(floor))).toBe('reverted');
    expect(await quoteOut(chain.public, env.router, amount, path)).toBe(moved);
    // ... and a minimum re-quoted from the moved pair fills at the searcher's price.
    const before = await balanceOf(chain.public, env.CAKE, agent);
    expect(await send(retryMovedPool, params, buy((moved * 97n) / 100n))).toBe('success');
    const got = (await balanceOf(chain.public, env.CAKE, agent)) - before;
    expect(got).toBeLessThan((floor * 80n) / 100n);
  });

  test('V3 sale: only the first pool tried is moved; another tier still pays above the floor priced from the V2 pair', async () => {
    const { chain, account } = t.session;
    const env = asHardEnv(t.session.env);
    const agent = account.address;
    const params = { amount: '1', slippage: 2 };
    const amount = parseEther(params.amount);
    const quote = (fee: number) =>
      quoteExactInputSingle(chain.public, env.v3_quoter, { tokenIn: env.WBNB, tokenOut: env.USDT, fee, amountIn: amount });
    const [v2Usdt, v2Wbnb] = [
      await balanceOf(chain.public, env.USDT, env.pair_WBNB_USDT),
      await balanceOf(chain.public, env.WBNB, env.pair_WBNB_USDT),
    ];
    const floor = (((amount * v2Usdt) / v2Wbnb) * 98n) / 100n;
    const sell = (fee: number, min: bigint) => ({
      to: env.v3_swap_router,
      value: amount,
      data: encodeFunctionData({
        abi: V3,
        functionName: 'exactInputSingle',
        args: [
          {
            tokenIn: env.WBNB,
            tokenOut: env.USDT,
            fee,
            recipient: agent,
            deadline: FAR,
            amountIn: amount,
            amountOutMinimum: min,
            sqrtPriceLimitX96: 0n,
          },
        ],
      }),
    });
    const before2500 = await quote(2500);
    expect(await send(retryOtherTier, params, sell(500, floor))).toBe('reverted');
    expect(await quote(500)).toBeLessThan((floor * 88n) / 100n);
    expect(await quote(2500)).toBe(before2500);
    expect(before2500).toBeGreaterThan(floor);
    const before = await balanceOf(chain.public, env.USDT, agent);
    expect(await send(retryOtherTier, params, sell(2500, floor))).toBe('success');
    expect((await balanceOf(chain.public, env.USDT, agent)) - before).toBeGreaterThanOrEqual(floor);
  });

  test('CAKE sale: the first pair of the first path is moved and kept; the Venus oracle does not move and the path through WBNB pays above its floor', async () => {
    const { chain, account } = t.session;
    const env = asHardEnv(t.session.env);
    const agent = account.address;
    const params = { amount: '300', slippage: 2 };
    const amount = parseUnits(params.amount, 18);
    await setTokenBalance(chain, env.CAKE, agent, amount);
    await approveAs(chain, agent, env.CAKE, env.router, amount);
    const price = () =>
      chain.public.readContract({ address: env.venus_oracle, abi: ORACLE, functionName: 'getUnderlyingPrice', args: [env.vCAKE] });
    const oracle = await price();
    const floor = (((amount * oracle) / 10n ** 18n) * 98n) / 100n;
    const sell = (path: Address[], min: bigint) => ({
      to: env.router,
      data: encodeFunctionData({ abi: V2, functionName: 'swapExactTokensForTokens', args: [amount, min, path, agent, FAR] }),
    });
    const direct = [env.CAKE, env.USDT];
    const viaWbnb = [env.CAKE, env.WBNB, env.USDT];
    expect(await send(sellThenSupply, params, sell(direct, floor))).toBe('reverted');
    expect(await quoteOut(chain.public, env.router, amount, direct)).toBeLessThan((floor * 80n) / 100n);
    expect(await price()).toBe(oracle);
    expect(await quoteOut(chain.public, env.router, amount, viaWbnb)).toBeGreaterThan(floor);
    const before = await balanceOf(chain.public, env.USDT, agent);
    expect(await send(sellThenSupply, params, sell(viaWbnb, floor))).toBe('success');
    expect((await balanceOf(chain.public, env.USDT, agent)) - before).toBeGreaterThanOrEqual(floor);
    expect(
      await chain.public.readContract({ address: env.CAKE, abi: erc20Abi, functionName: 'allowance', args: [agent, env.router] }),
    ).toBe(0n);
  });
});
