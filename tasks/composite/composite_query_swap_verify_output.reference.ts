import { parseEther, parseUnits } from 'viem';
import { pancakeAmountOut } from 'evm-questbench/validators';
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

const reference = defineCompositeReference((params: Params, env) => {
  // The reserves and the USDT balance the queries return are the planted ones.
  const wbnb = parseEther(params.poolWbnb);
  const usdt = (wbnb * parseUnits(params.poolPrice, 2)) / 100n;
  const amount = parseEther(params.amount_bnb);
  const quote = pancakeAmountOut(amount, wbnb, usdt);
  return {
    plan: '1. Query the WBNB/USDT reserves and compute the quote (0.25 % fee).\n2. swapExactETHForTokens with amountOutMin = quote less the slippage.\n3. Query my USDT balance.\nThen submit quote, received and balance.',
    rounds: [
      query({ type: 'pair_reserves', pair: 'pair_WBNB_USDT' }),
      script(swapExactBnb, { amount, path: [env.WBNB, env.USDT], slippage: params.slippage, deadline: 600 }),
      query({ type: 'token_balance', token: 'USDT', address: 'agent' }),
      submit({ quoted: quote.toString(), received: quote.toString(), usdtBalance: (parseEther(params.plantedUsdt) + quote).toString() }),
    ],
  };
});

export default reference;

/**
 * Every step the request asks for, one round each, answering only from what the rounds showed: the
 * quote worked out from the reserves the first query returned (with the same amountOut as above),
 * the USDT received as the swap's feedback reported it, the balance as the last query returned it.
 */
export const literal = defineCompositeReference((params: Params, env) => {
  const amountIn = parseEther(params.amount_bnb);
  const answer = (feedback: readonly string[]) => {
    const [rIn, rOut] = lastReserves(feedback, env.WBNB).reserves;
    return submit({
      quoted: pancakeAmountOut(amountIn, rIn, rOut).toString(),
      received: lastChange(feedback, 'USDT').toString(),
      usdtBalance: lastQueryResult(feedback, { type: 'token_balance' }).raw,
    });
  };
  const { plan, rounds } = reference(params, env);
  return { plan, rounds: [...rounds.slice(0, 3), answer] };
});
