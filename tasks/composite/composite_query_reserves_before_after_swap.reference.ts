import { parseEther } from 'viem';
import { chainKey, v2AmountOut, v2FeeFor } from 'evm-questbench/validators';
import { defineCompositeReference, lastChange, lastReserves, query, script, submit, swapExactBnb } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_query_reserves_before_after_swap'>;

const reference = defineCompositeReference((params: Params, env, chain) => {
  // The reserves the query returns are the planted ones; the swap moves them by the amount in and the
  // amount out, at the chain's V2 fee (PancakeSwap's 0.25 % on BSC, Uniswap's 0.3 % on Base).
  const amountIn = parseEther(params.amount);
  const fee = v2FeeFor(chain.chainId);
  const answer = (feedback: readonly string[]) => {
    const {
      reserves: [wbnb, usdt],
      firstIs0: wbnbIs0,
    } = lastReserves(feedback, env.WBNB);
    const out = v2AmountOut(amountIn, wbnb, usdt, fee);
    const pair = (w: bigint, u: bigint) =>
      wbnbIs0 ? { reserve0: w.toString(), reserve1: u.toString() } : { reserve0: u.toString(), reserve1: w.toString() };
    return submit({ before: pair(wbnb, usdt), after: pair(wbnb + amountIn, usdt - out) });
  };
  return {
    plan: '1. Query the WBNB/USDT pair reserves.\n2. swapExactETHForTokens on the router, WBNB -> USDT.\nThen submit: after = before with +amount WBNB and -(USDT received).',
    rounds: [
      query({ type: 'pair_reserves', pair: 'pair_WBNB_USDT' }),
      script(swapExactBnb, { amount: amountIn, path: [env.WBNB, env.USDT], slippage: 1, deadline: 600 }),
      answer,
    ],
  };
});

export default reference;

/**
 * Every step the request asks for, one round each, answering only from what the rounds showed: the
 * reserves the query returned, and those moved by the BNB paid in and the USDT the swap's feedback reported
 * (under the chain's name for it: USDC on Base).
 */
export const literal = defineCompositeReference((params: Params, env, chain) => {
  const amountIn = parseEther(params.amount);
  const answer = (feedback: readonly string[]) => {
    const {
      result: read,
      reserves: [w, u],
      firstIs0: wbnbIs0,
    } = lastReserves(feedback, env.WBNB);
    const [w2, u2] = [w + amountIn, u - lastChange(feedback, chainKey(chain, 'USDT'))];
    const after = wbnbIs0 ? { reserve0: w2.toString(), reserve1: u2.toString() } : { reserve0: u2.toString(), reserve1: w2.toString() };
    return submit({ before: { reserve0: read.reserve0, reserve1: read.reserve1 }, after });
  };
  const { plan, rounds } = reference(params, env, chain);
  return { plan, rounds: [...rounds.slice(0, 2), answer] };
});
