import { defineCompositeReference, lit, submit, swapRound, ts } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. swapExactTokensForTokens USDT -> WBNB.\n2. WBNB.withdraw(the WBNB the swap paid), read from its receipt.\nThen submit.',
  rounds: [
    swapRound({ amountIn: `parseUnits(${lit(params.amount_in)}, 18)`, path: '[deployedContracts.USDT, deployedContracts.WBNB]', slippage: 1 }),
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
