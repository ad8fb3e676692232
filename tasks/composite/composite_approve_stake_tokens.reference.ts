import { defineCompositeReference, lit, submit, ts } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. approve(simple_staking, amount) on CAKE.\n2. simple_staking.stake(amount).\nThen submit.',
  rounds: [
    ts(
      `return {
    to: deployedContracts.CAKE as Address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [deployedContracts.simple_staking as Address, parseUnits(${lit(params.amount)}, 18)] }),
  };`,
      "import { encodeFunctionData, erc20Abi, parseUnits, type Address } from 'viem';",
    ),
    ts(
      `const abi = parseAbi(['function stake(uint256 amount)']);
  return { to: deployedContracts.simple_staking as Address, data: encodeFunctionData({ abi, functionName: 'stake', args: [parseUnits(${lit(params.amount)}, 18)] }) };`,
      "import { encodeFunctionData, parseAbi, parseUnits, type Address } from 'viem';",
    ),
    submit(),
  ],
}));
