import { defineCompositeReference, lit, submit, ts } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. swapExactETHForTokens WBNB -> CAKE with the slippage floor.\n2. approve(simple_staking, CAKE received), read from the swap receipt.\n3. stake(that amount).\nThen submit.',
  rounds: [
    ts(
      `const client = createPublicClient({ transport: http(providerUrl) });
  const router = deployedContracts.router as Address;
  const path = [deployedContracts.WBNB, deployedContracts.CAKE] as Address[];
  const value = parseEther(${lit(params.amount_bnb)});
  const abi = parseAbi(['function getAmountsOut(uint256, address[]) view returns (uint256[])', 'function swapExactETHForTokens(uint256, address[], address, uint256) payable returns (uint256[])']);
  const quote = await client.readContract({ address: router, abi, functionName: 'getAmountsOut', args: [value, path] });
  const minOut = (quote[1]! * BigInt(100 - ${lit(params.slippage)})) / 100n;
  const { timestamp } = await client.getBlock();
  return { to: router, value, data: encodeFunctionData({ abi, functionName: 'swapExactETHForTokens', args: [minOut, path, agentAddress as Address, timestamp + 600n] }) };`,
      "import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, type Address } from 'viem';",
    ),
    ts(
      `// The CAKE bought: the swap's Transfer to the wallet in the latest block.
  const client = createPublicClient({ transport: http(providerUrl) });
  const cake = deployedContracts.CAKE as Address;
  const block = await client.getBlock({ blockTag: 'latest' });
  let bought = 0n;
  for (const hash of block.transactions) {
    const receipt = await client.getTransactionReceipt({ hash });
    for (const ev of parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs })) {
      if (isAddressEqual(ev.address, cake) && isAddressEqual(ev.args.to, agentAddress as Address)) bought += ev.args.value;
    }
  }
  if (bought === 0n) throw new Error('the swap paid no CAKE');
  return { to: cake, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [deployedContracts.simple_staking as Address, bought] }) };`,
      "import { createPublicClient, encodeFunctionData, erc20Abi, http, isAddressEqual, parseEventLogs, type Address } from 'viem';",
    ),
    ts(
      `// The allowance just granted is exactly the CAKE bought.
  const provider = new JsonRpcProvider(providerUrl);
  const cake = new Contract(deployedContracts.CAKE!, ['function allowance(address, address) view returns (uint256)'], provider);
  const amount: bigint = await cake.getFunction('allowance')(agentAddress, deployedContracts.simple_staking);
  const staking = new Interface(['function stake(uint256 amount)']);
  return { to: deployedContracts.simple_staking, data: staking.encodeFunctionData('stake', [amount]) };`,
      "import { Contract, Interface, JsonRpcProvider } from 'ethers';",
    ),
    submit(),
  ],
}));
