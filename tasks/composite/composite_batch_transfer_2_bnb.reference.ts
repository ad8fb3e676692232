import { defineCompositeReference, lit, submit, ts } from 'evm-questbench/composite';

const pay = (to: unknown, amount: unknown) => ts(`return { to: ${lit(to)}, value: parseEther(${lit(amount)}) };`, "import { parseEther } from 'ethers';");

export default defineCompositeReference((params) => ({
  plan: '1. Send amount1 BNB to address1.\n2. Send amount2 BNB to address2.\nThen submit.',
  rounds: [pay(params.address1, params.amount1), pay(params.address2, params.amount2), submit()],
}));
