import { approveRound, defineCompositeReference, lit, submit, ts } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. USDT.approve(myAddress, amount).\n2. USDT.transferFrom(myAddress, recipient, amount).\nThen submit.',
  rounds: [
    approveRound('deployedContracts.USDT', 'agentAddress', `parseUnits(${lit(params.amount)}, 18)`),
    ts(
      `const usdt = new Interface(['function transferFrom(address from, address to, uint256 amount) returns (bool)']);
  return { to: deployedContracts.USDT, data: usdt.encodeFunctionData('transferFrom', [agentAddress, ${lit(params.to)}, parseUnits(${lit(params.amount)}, 18)]) };`,
      "import { Interface, parseUnits } from 'ethers';",
    ),
    submit(),
  ],
}));
