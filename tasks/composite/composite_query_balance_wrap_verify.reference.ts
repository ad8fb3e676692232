import { defineCompositeReference, lastQueryResult, lit, query, submit, ts } from 'evm-questbench/composite';

/** Every step the request asks for, one round each: read BNB, wrap, read WBNB; the answer is what the reads returned. */
export default defineCompositeReference((params) => ({
  plan: '1. Query my BNB balance.\n2. Wrap the amount with WBNB.deposit().\n3. Query my WBNB balance.\nThen submit both balances.',
  rounds: [
    query({ type: 'native_balance', address: 'agent' }),
    ts(
      `const wbnb = new Interface(['function deposit() payable']);
  return { to: deployedContracts.WBNB, data: wbnb.encodeFunctionData('deposit'), value: parseEther(${lit(params.amount)}) };`,
      "import { Interface, parseEther } from 'ethers';",
    ),
    query({ type: 'token_balance', token: 'WBNB', address: 'agent' }),
    (feedback) =>
      submit({
        bnbBalanceBefore: lastQueryResult(feedback, { type: 'native_balance' }).raw,
        wbnbBalance: lastQueryResult(feedback, { type: 'token_balance' }).raw,
      }),
  ],
}));
