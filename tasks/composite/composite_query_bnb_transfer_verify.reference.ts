import { parseEther } from 'viem';
import { defineCompositeReference, lastQueryResult, query, script, sendBnb, submit } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_query_bnb_transfer_verify'>;

const reference = defineCompositeReference((params: Params) => ({
  plan: "1. Send the BNB to the recipient.\n2. Query the recipient's BNB balance.\nThen submit it.",
  rounds: [
    script(sendBnb, { to: params.to, amount: parseEther(params.amount) }),
    query({ type: 'native_balance', address: params.to }),
    // What the query returns: the planted balance plus the payment.
    submit({ recipientBalance: (parseEther(params.planted) + parseEther(params.amount)).toString() }),
  ],
}));

export default reference;

/** Every step the request asks for, one round each, answering with the balance the query returned. */
export const literal = defineCompositeReference((params: Params, env) => {
  const { plan, rounds } = reference(params, env);
  return {
    plan,
    rounds: [...rounds.slice(0, 2), (feedback) => submit({ recipientBalance: lastQueryResult(feedback, { type: 'native_balance' }).raw })],
  };
});
