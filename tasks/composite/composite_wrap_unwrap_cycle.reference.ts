import { defineCompositeReference, submit, unwrapAllRound, wrapRound } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. Wrap the requested BNB with WBNB.deposit().\n2. Read the whole WBNB balance and withdraw it.\nThen submit.',
  rounds: [
    wrapRound(params.amount),
    unwrapAllRound(),
    submit(),
  ],
}));
