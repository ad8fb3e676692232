import { parseEther } from 'viem';
import { defineCompositeReference, lit, query, submit, ts } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. Send the BNB to the recipient.\n2. Query the recipient\'s BNB balance.\nThen submit it.',
  rounds: [
    ts(`return { to: ${lit(params.to)}, value: parseEther(${lit(params.amount)}) };`, "import { parseEther } from 'ethers';"),
    query({ type: 'native_balance', address: params.to }),
    // What the query returns: the planted balance plus the payment.
    submit({ recipientBalance: (parseEther(params.planted as string) + parseEther(params.amount as string)).toString() }),
  ],
}));
