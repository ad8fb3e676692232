import { defineCompositeReference, lit, submit, ts } from 'evm-questbench/composite';

const pay = (to: unknown, amount: unknown) =>
  ts(`return { to: ${lit(to)} as Address, value: parseEther(${lit(amount)}) };`, "import { parseEther, type Address } from 'viem';");

export default defineCompositeReference((params) => ({
  plan: '1. Send amount1 BNB to address1.\n2. Send amount2 BNB to address2.\n3. Send amount3 BNB to address3.\nThen submit.',
  rounds: [pay(params.address1, params.amount1), pay(params.address2, params.amount2), pay(params.address3, params.amount3), submit()],
}));
