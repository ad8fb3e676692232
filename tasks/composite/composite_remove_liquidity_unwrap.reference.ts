import { parseEther } from 'viem';
import { defineCompositeReference, lastChange, lastQueryResult, lit, query, submit, ts } from 'evm-questbench/composite';
import { AGENT_HOLDINGS } from 'evm-questbench/validators';

const reference = defineCompositeReference((params) => ({
  plan: '1. removeLiquidity(WBNB, USDT, percent of my LP, mins, me): paid as WBNB + USDT.\n2. WBNB.withdraw(the WBNB that removal paid me).\n3. Query my WBNB balance.\nThen submit it.',
  rounds: [
    ts(
      `const client = createPublicClient({ transport: http(providerUrl) });
  const me = agentAddress as Address;
  const [wbnb, usdt, pair, router] = [deployedContracts.WBNB, deployedContracts.USDT, deployedContracts.pair_WBNB_USDT, deployedContracts.router] as Address[];
  const read = (token: Address, who: Address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
  const lp = await read(pair!, me);
  const liquidity = (lp * BigInt(${lit(params.percent)})) / 100n;
  const supply = await client.readContract({ address: pair!, abi: erc20Abi, functionName: 'totalSupply' });
  const keep = BigInt(100 - ${lit(params.slippage)});
  const minW = (((liquidity * (await read(wbnb!, pair!))) / supply) * keep) / 100n;
  const minU = (((liquidity * (await read(usdt!, pair!))) / supply) * keep) / 100n;
  const { timestamp } = await client.getBlock();
  const abi = parseAbi(['function removeLiquidity(address, address, uint256, uint256, uint256, address, uint256) returns (uint256, uint256)']);
  return { to: router, data: encodeFunctionData({ abi, functionName: 'removeLiquidity', args: [wbnb!, usdt!, liquidity, minW, minU, me, timestamp + 600n] }) };`,
      "import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, type Address } from 'viem';",
    ),
    ts(
      `// The WBNB the removal paid: its Transfer to the wallet in the previous (latest) block.
  const client = createPublicClient({ transport: http(providerUrl) });
  const wbnb = deployedContracts.WBNB as Address;
  const block = await client.getBlock({ blockTag: 'latest' });
  let received = 0n;
  for (const hash of block.transactions) {
    const receipt = await client.getTransactionReceipt({ hash });
    for (const ev of parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs })) {
      if (isAddressEqual(ev.address, wbnb) && isAddressEqual(ev.args.to, agentAddress as Address)) received += ev.args.value;
    }
  }
  if (received === 0n) throw new Error('the removal paid no WBNB');
  return { to: wbnb, data: encodeFunctionData({ abi: parseAbi(['function withdraw(uint256)']), functionName: 'withdraw', args: [received] }) };`,
      "import { createPublicClient, encodeFunctionData, erc20Abi, http, isAddressEqual, parseAbi, parseEventLogs, type Address } from 'viem';",
    ),
    query({ type: 'token_balance', token: 'WBNB', address: 'agent' }),
    // Only the removal's WBNB was unwrapped: the holding is back to the starting WBNB plus the planted deposit.
    submit({ wbnbBalance: (AGENT_HOLDINGS.WBNB + parseEther(params.plantedWbnb as string)).toString() }),
  ],
}));

export default reference;

/**
 * Every step the request asks for, one round each, written from what the rounds showed: the unwrap
 * takes the WBNB the removal's feedback reported, the answer is the balance the query returned.
 */
export const literal = defineCompositeReference((params, env) => {
  const { plan, rounds } = reference(params, env);
  const unwrap = (feedback: readonly string[]) =>
    ts(
      `return { to: deployedContracts.WBNB, data: encodeFunctionData({ abi: parseAbi(['function withdraw(uint256)']), functionName: 'withdraw', args: [${lastChange(feedback, 'WBNB')}n] }) };`,
      "import { encodeFunctionData, parseAbi } from 'viem';",
    );
  return { plan, rounds: [rounds[0]!, unwrap, rounds[2]!, (feedback) => submit({ wbnbBalance: lastQueryResult(feedback, { type: 'token_balance' }).raw })] };
});
