import { defineCompositeReference, lit, submit, ts } from 'evm-questbench/composite';

const pay = (to: unknown, amount: unknown) =>
  ts(
    `const usdt = new Interface(['function transfer(address to, uint256 amount) returns (bool)']);
  return { to: deployedContracts.USDT, data: usdt.encodeFunctionData('transfer', [${lit(to)}, parseUnits(${lit(amount)}, 18)]) };`,
    "import { Interface, parseUnits } from 'ethers';",
  );

export default defineCompositeReference((params) => ({
  plan: '1. USDT.transfer(address1, amount1).\n2. USDT.transfer(address2, amount2).\nThen submit.',
  rounds: [pay(params.address1, params.amount1), pay(params.address2, params.amount2), submit()],
}));
