import { defineCompositeReference, lit, submit, ts } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. Wrap the requested BNB with WBNB.deposit().\n2. Read the whole WBNB balance and withdraw it.\nThen submit.',
  rounds: [
    ts(
      `const wbnb = new Interface(['function deposit() payable']);
  return { to: deployedContracts.WBNB, data: wbnb.encodeFunctionData('deposit'), value: parseEther(${lit(params.amount)}) };`,
      "import { Interface, parseEther } from 'ethers';",
    ),
    ts(
      `const wbnb = new Contract(deployedContracts.WBNB!, ['function balanceOf(address) view returns (uint256)', 'function withdraw(uint256)'], new JsonRpcProvider(providerUrl));
  const all: bigint = await wbnb.getFunction('balanceOf')(agentAddress);
  return { to: deployedContracts.WBNB, data: wbnb.interface.encodeFunctionData('withdraw', [all]) };`,
      "import { Contract, JsonRpcProvider } from 'ethers';",
    ),
    submit(),
  ],
}));
