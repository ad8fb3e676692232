import { defineCompositeReference, lit, submit, ts } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. swapExactTokensForTokens USDT -> WBNB.\n2. WBNB.withdraw(the WBNB the swap paid), read from its receipt.\nThen submit.',
  rounds: [
    ts(
      `const provider = new JsonRpcProvider(providerUrl);
  const router = new Contract(deployedContracts.router!, [
    'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
    'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
  ], provider);
  const amountIn = parseUnits(${lit(params.amount_in)}, 18);
  const path = [deployedContracts.USDT, deployedContracts.WBNB];
  const amounts: bigint[] = await router.getFunction('getAmountsOut')(amountIn, path);
  const block = await provider.getBlock('latest');
  const data = router.interface.encodeFunctionData('swapExactTokensForTokens', [amountIn, (amounts[1]! * 99n) / 100n, path, agentAddress, BigInt(block!.timestamp) + 600n]);
  return { to: deployedContracts.router, data };`,
      "import { Contract, JsonRpcProvider, parseUnits } from 'ethers';",
    ),
    ts(
      `// The WBNB bought: the swap's Transfer to the wallet in the latest block.
  const provider = new JsonRpcProvider(providerUrl);
  const wbnb = new Interface(['event Transfer(address indexed from, address indexed to, uint256 value)', 'function withdraw(uint256 wad)']);
  const block = await provider.getBlock('latest');
  let bought = 0n;
  for (const hash of block!.transactions) {
    const receipt = await provider.getTransactionReceipt(hash);
    for (const log of receipt!.logs) {
      if (log.address.toLowerCase() !== deployedContracts.WBNB!.toLowerCase()) continue;
      const ev = wbnb.parseLog(log);
      if (ev?.name === 'Transfer' && ev.args.to.toLowerCase() === agentAddress.toLowerCase()) bought += ev.args.value as bigint;
    }
  }
  if (bought === 0n) throw new Error('the swap paid no WBNB');
  return { to: deployedContracts.WBNB, data: wbnb.encodeFunctionData('withdraw', [bought]) };`,
      "import { Interface, JsonRpcProvider } from 'ethers';",
    ),
    submit(),
  ],
}));
