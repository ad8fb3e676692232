import { defineCompositeReference, lastQueryResult, lit, query, submit, ts } from 'evm-questbench/composite';

const IMPORTS = "import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, parseEventLogs, erc20Abi, isAddressEqual, type Address } from 'viem';";

/** CAKE the latest USDT → CAKE swap paid the wallet, from the CAKE Transfer logs of recent blocks. */
const SWAPPED = `const client = createPublicClient({ transport: http(providerUrl) });
  const head = await client.getBlockNumber();
  const logs = await client.getLogs({
    address: deployedContracts.CAKE as Address,
    event: parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)'])[0],
    args: { to: agentAddress as Address },
    fromBlock: head > 20n ? head - 20n : 0n,
    toBlock: head,
  });
  const got = parseEventLogs({ abi: erc20Abi, logs }).filter((l) => !isAddressEqual(l.args.from, agentAddress as Address)).at(-1)!.args.value;`;

export default defineCompositeReference((params) => ({
  plan: '1. Query the USDT balance.\n2. Approve the router for the USDT.\n3. swapExactTokensForTokens USDT → CAKE with the slippage floor.\n4. Approve simple_staking for the CAKE received.\n5. Stake that CAKE.\n6. Query the stake, then submit both values.',
  rounds: [
    query({ type: 'token_balance', token: 'USDT', address: 'agent' }),
    ts(
      `return { to: deployedContracts.USDT, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [deployedContracts.router as Address, parseEther(${lit(params.amount_usdt)})] }) };`,
      IMPORTS,
    ),
    ts(
      `const client = createPublicClient({ transport: http(providerUrl) });
  const router = parseAbi([
    'function getAmountsOut(uint256, address[]) view returns (uint256[])',
    'function swapExactTokensForTokens(uint256, uint256, address[], address, uint256)',
  ]);
  const amountIn = parseEther(${lit(params.amount_usdt)});
  const path = [deployedContracts.USDT, deployedContracts.CAKE] as Address[];
  const out = await client.readContract({ address: deployedContracts.router as Address, abi: router, functionName: 'getAmountsOut', args: [amountIn, path] });
  const min = (out[1]! * BigInt(100 - ${lit(params.slippage)})) / 100n;
  const block = await client.getBlock();
  return { to: deployedContracts.router, data: encodeFunctionData({ abi: router, functionName: 'swapExactTokensForTokens', args: [amountIn, min, path, agentAddress as Address, block.timestamp + 1200n] }) };`,
      IMPORTS,
    ),
    ts(
      `${SWAPPED}
  return { to: deployedContracts.CAKE, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [deployedContracts.simple_staking as Address, got] }) };`,
      IMPORTS,
    ),
    ts(
      `${SWAPPED}
  return { to: deployedContracts.simple_staking, data: encodeFunctionData({ abi: parseAbi(['function stake(uint256)']), functionName: 'stake', args: [got] }) };`,
      IMPORTS,
    ),
    query({ type: 'staked_amount', pool: 'simple_staking', address: 'agent' }),
    (feedback) =>
      submit({
        usdtBefore: lastQueryResult(feedback, { type: 'token_balance' }).raw,
        stakedAfter: lastQueryResult(feedback, { type: 'staked_amount' }).raw,
      }),
  ],
}));
