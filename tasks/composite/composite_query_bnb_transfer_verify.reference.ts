import { parseEther } from 'viem';
import { defineCompositeReference, lastQueryResult, lit, query, submit, ts } from 'evm-questbench/composite';

const reference = defineCompositeReference((params) => ({
  plan: '1. Send the BNB to the recipient.\n2. Query the recipient\'s BNB balance.\nThen submit it.',
  rounds: [
    ts(`return { to: ${lit(params.to)}, value: parseEther(${lit(params.amount)}) };`, "import { parseEther } from 'ethers';"),
    query({ type: 'native_balance', address: params.to }),
    // What the query returns: the planted balance plus the payment.
    submit({ recipientBalance: (parseEther(params.planted as string) + parseEther(params.amount as string)).toString() }),
  ],
}));

export default reference;

/** Every step the request asks for, one round each, answering with the balance the query returned. */
export const literal = defineCompositeReference((params, env) => {
  const { plan, rounds } = reference(params, env);
  return { plan, rounds: [rounds[0]!, rounds[1]!, (feedback) => submit({ recipientBalance: lastQueryResult(feedback, { type: 'native_balance' }).raw })] };
});
