import { parseEther } from 'viem';
import { defineCompositeReference, lit, query, submit, ts } from 'evm-questbench/composite';

const transferPart = (to: string, part: 'half' | 'rest') =>
  ts(
    `const token = new Contract(deployedContracts.USDT!, ['function balanceOf(address) view returns (uint256)', 'function transfer(address, uint256) returns (bool)'], new JsonRpcProvider(providerUrl));
  const balance: bigint = await token.getFunction('balanceOf')(agentAddress);
  const amount = ${part === 'half' ? 'balance / 2n' : 'balance'};
  return { to: deployedContracts.USDT, data: token.interface.encodeFunctionData('transfer', [${lit(to)}, amount]) };`,
    "import { Contract, JsonRpcProvider } from 'ethers';",
  );

export default defineCompositeReference((params) => {
  const total = parseEther(params.planted as string); // the planted balance
  return {
    plan: '1. Send half of my USDT balance to the first address.\n2. Send everything left (the other half) to the second.\n3. Query my USDT balance.\nThen submit the two amounts and the remainder.',
    rounds: [
      transferPart(params.address1 as string, 'half'),
      transferPart(params.address2 as string, 'rest'),
      query({ type: 'token_balance', token: 'USDT', address: 'agent' }),
      submit({ toFirst: (total / 2n).toString(), toSecond: (total - total / 2n).toString(), remaining: '0' }),
    ],
  };
});
