import { defineCompositeReference, lit, submit, ts } from 'evm-questbench/composite';

const pay = (to: unknown, amount: unknown) =>
  ts(
    `return {
    to: deployedContracts.USDT as Address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [${lit(to)} as Address, parseUnits(${lit(amount)}, 18)] }),
  };`,
    "import { encodeFunctionData, erc20Abi, parseUnits, type Address } from 'viem';",
  );

export default defineCompositeReference((params) => ({
  plan: '1. USDT.transfer(address1, amount1).\n2. USDT.transfer(address2, amount2).\n3. USDT.transfer(address3, amount3).\nThen submit.',
  rounds: [pay(params.address1, params.amount1), pay(params.address2, params.amount2), pay(params.address3, params.amount3), submit()],
}));
