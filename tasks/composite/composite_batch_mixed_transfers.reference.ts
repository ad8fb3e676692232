import { defineCompositeReference, lit, submit, ts } from 'evm-questbench/composite';

const token = (key: string, to: unknown, amount: unknown) =>
  ts(
    `const erc20 = new Interface(['function transfer(address to, uint256 amount) returns (bool)']);
  return { to: deployedContracts.${key}, data: erc20.encodeFunctionData('transfer', [${lit(to)}, parseUnits(${lit(amount)}, 18)]) };`,
    "import { Interface, parseUnits } from 'ethers';",
  );

export default defineCompositeReference((params) => ({
  plan: '1. Send the BNB with a plain value transfer.\n2. USDT.transfer(to, amount_usdt).\n3. BUSD.transfer(to, amount_busd).\nThen submit.',
  rounds: [
    ts(`return { to: ${lit(params.to)}, value: parseEther(${lit(params.amount_bnb)}) };`, "import { parseEther } from 'ethers';"),
    token('USDT', params.to, params.amount_usdt),
    token('BUSD', params.to, params.amount_busd),
    submit(),
  ],
}));
