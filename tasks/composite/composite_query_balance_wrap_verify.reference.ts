import { parseEther } from 'viem';
import { defineCompositeReference, lit, query, submit, ts } from 'evm-questbench/composite';
import { AGENT_HOLDINGS } from 'evm-questbench/validators';

export default defineCompositeReference((params) => ({
  plan: '1. Wrap the amount with WBNB.deposit(); the script checks the BNB balance first.\n2. Query my WBNB balance.\nThen submit it.',
  rounds: [
    ts(
      `const provider = new JsonRpcProvider(providerUrl);
  const value = parseEther(${lit(params.amount)});
  // The affordability check happens here, so it needs no round of its own.
  if ((await provider.getBalance(agentAddress)) < value) throw new Error('not enough BNB to wrap');
  const wbnb = new Interface(['function deposit() payable']);
  return { to: deployedContracts.WBNB, data: wbnb.encodeFunctionData('deposit'), value };`,
      "import { Interface, JsonRpcProvider, parseEther } from 'ethers';",
    ),
    query({ type: 'token_balance', token: 'WBNB', address: 'agent' }),
    // What the query returns: the starting WBNB, the planted deposit and the wrap.
    submit({ wbnbBalance: (AGENT_HOLDINGS.WBNB + parseEther(params.planted as string) + parseEther(params.amount as string)).toString() }),
  ],
}));
