import { parseEther } from 'viem';
import { chainKey, v2AmountOut, v2FeeFor } from 'evm-questbench/validators';
import {
  defineCompositeReference,
  lastChange,
  lastQueryResult,
  lastReserves,
  query,
  script,
  submit,
  swapExactBnb,
} from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_query_swap_verify_output'>;

const reference = defineCompositeReference((params: Params, env, chain) => {
  // The reserves and the USDT balance the queries return are the planted ones; the quote takes the
  // chain's V2 fee (PancakeSwap's 0.25 % on BSC, Uniswap's 0.3 % on Base), and the swap pays exactly it.
  const amount = parseEther(params.amount_bnb);
  const fee = v2FeeFor(chain.chainId);
  const answer = (feedback: readonly string[]) => {
    const [rIn, rOut] = lastReserves(feedback, env.WBNB).reserves;
    const quote = v2AmountOut(amount, rIn, rOut, fee).toString();
    return submit({ quoted: quote, received: quote, usdtBalance: lastQueryResult(feedback, { type: 'token_balance' }).raw });
  };
  return {
    plan: `1. Query the WBNB/USDT reserves and compute the quote (${(Number(fee.den - fee.num) * 100) / Number(fee.den)} % fee).\n2. swapExactETHForTokens with amountOutMin = quote less the slippage.\n3. Query my USDT balance.\nThen submit quote, received and balance.`,
    rounds: [
      query({ type: 'pair_reserves', pair: 'pair_WBNB_USDT' }),
      script(swapExactBnb, { amount, path: [env.WBNB, env.USDT], slippage: params.slippage, deadline: 600 }),
      query({ type: 'token_balance', token: 'USDT', address: 'agent' }),
      answer,
    ],
  };
});

export default reference;

/**
 * Every step the request asks for, one round each, answering only from what the rounds showed: the
 * quote worked out from the reserves the first query returned (with the same amountOut as above),
 * the USDT received as the swap's feedback reported it (under the chain's name: USDC on Base), the
 * balance as the last query returned it.
 */
export const literal = defineCompositeReference((params: Params, env, chain) => {
  const amountIn = parseEther(params.amount_bnb);
  const fee = v2FeeFor(chain.chainId);
  const answer = (feedback: readonly string[]) => {
    const [rIn, rOut] = lastReserves(feedback, env.WBNB).reserves;
    return submit({
      quoted: v2AmountOut(amountIn, rIn, rOut, fee).toString(),
      received: lastChange(feedback, chainKey(chain, 'USDT')).toString(),
      usdtBalance: lastQueryResult(feedback, { type: 'token_balance' }).raw,
    });
  };
  const { plan, rounds } = reference(params, env, chain);
  return { plan, rounds: [...rounds.slice(0, 3), answer] };
});
