import { parseEther } from 'viem';
import { defineCompositeReference, lastQueryResult, lit, query, submit, ts } from 'evm-questbench/composite';
import { AGENT_HOLDINGS } from 'evm-questbench/validators';

const reference = defineCompositeReference((params) => ({
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

export default reference;

/** Every step the request asks for, one round each (the affordability condition sits in the wrap script), answering with the balance read. */
export const literal = defineCompositeReference((params, env) => {
  const { plan, rounds } = reference(params, env);
  return { plan, rounds: [rounds[0]!, rounds[1]!, (feedback) => submit({ wbnbBalance: lastQueryResult(feedback, { type: 'token_balance' }).raw })] };
});
