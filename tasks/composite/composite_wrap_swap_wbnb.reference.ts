import { defineCompositeReference, lit, submit, ts } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. WBNB.deposit() with the BNB.\n2. WBNB.approve(router, amount).\n3. swapExactTokensForTokens(amount, min, [WBNB, USDT], me).\nThen submit.',
  rounds: [
    ts(
      `const wbnb = new Interface(['function deposit() payable']);
  return { to: deployedContracts.WBNB, data: wbnb.encodeFunctionData('deposit'), value: parseEther(${lit(params.amount)}) };`,
      "import { Interface, parseEther } from 'ethers';",
    ),
    ts(
      `const wbnb = new Interface(['function approve(address spender, uint256 amount) returns (bool)']);
  return { to: deployedContracts.WBNB, data: wbnb.encodeFunctionData('approve', [deployedContracts.router, parseEther(${lit(params.amount)})]) };`,
      "import { Interface, parseEther } from 'ethers';",
    ),
    ts(
      `const client = createPublicClient({ transport: http(providerUrl) });
  const router = deployedContracts.router as Address;
  const path = [deployedContracts.WBNB, deployedContracts.USDT] as Address[];
  const amountIn = parseEther(${lit(params.amount)});
  const abi = parseAbi(['function getAmountsOut(uint256, address[]) view returns (uint256[])', 'function swapExactTokensForTokens(uint256, uint256, address[], address, uint256) returns (uint256[])']);
  const quote = await client.readContract({ address: router, abi, functionName: 'getAmountsOut', args: [amountIn, path] });
  const { timestamp } = await client.getBlock();
  return { to: router, data: encodeFunctionData({ abi, functionName: 'swapExactTokensForTokens', args: [amountIn, (quote[1]! * 99n) / 100n, path, agentAddress as Address, timestamp + 600n] }) };`,
      "import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, type Address } from 'viem';",
    ),
    submit(),
  ],
}));
