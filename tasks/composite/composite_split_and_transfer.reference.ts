import { parseEther } from 'viem';
import { balanceChanges, defineCompositeReference, lastQueryResult, lit, query, submit, ts } from 'evm-questbench/composite';

const transferPart = (to: string, part: 'half' | 'rest') =>
  ts(
    `const token = new Contract(deployedContracts.USDT!, ['function balanceOf(address) view returns (uint256)', 'function transfer(address, uint256) returns (bool)'], new JsonRpcProvider(providerUrl));
  const balance: bigint = await token.getFunction('balanceOf')(agentAddress);
  const amount = ${part === 'half' ? 'balance / 2n' : 'balance'};
  return { to: deployedContracts.USDT, data: token.interface.encodeFunctionData('transfer', [${lit(to)}, amount]) };`,
    "import { Contract, JsonRpcProvider } from 'ethers';",
  );

const reference = defineCompositeReference((params) => {
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

export default reference;

/** Every step the request asks for, one round each: the amounts sent as the two transfers' feedback showed them, the remainder as read. */
export const literal = defineCompositeReference((params, env) => {
  const { plan, rounds } = reference(params, env);
  const answer = (feedback: readonly string[]) => {
    const symbol = (params.token as { symbol: string }).symbol;
    const [first, second] = balanceChanges(feedback).map((c) => -(c.get(symbol) ?? 0n));
    return submit({ toFirst: first!.toString(), toSecond: second!.toString(), remaining: lastQueryResult(feedback, { type: 'token_balance' }).raw });
  };
  return { plan, rounds: [rounds[0]!, rounds[1]!, rounds[2]!, answer] };
});
