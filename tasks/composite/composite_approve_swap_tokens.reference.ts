import { defineCompositeReference, lit, submit, ts } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. approve(router, amount) on USDT.\n2. swapExactTokensForTokens USDT -> BUSD with amountOutMin from getAmountsOut minus the slippage.\nThen submit.',
  rounds: [
    ts(
      `return {
    to: deployedContracts.USDT as Address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [deployedContracts.router as Address, parseUnits(${lit(params.amount)}, 18)] }),
  };`,
      "import { encodeFunctionData, erc20Abi, parseUnits, type Address } from 'viem';",
    ),
    ts(
      `const client = createPublicClient({ transport: http(providerUrl) });
  const router = deployedContracts.router as Address;
  const abi = parseAbi([
    'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
    'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
  ]);
  const amountIn = parseUnits(${lit(params.amount)}, 18);
  const path = [deployedContracts.USDT as Address, deployedContracts.BUSD as Address];
  const out = await client.readContract({ address: router, abi, functionName: 'getAmountsOut', args: [amountIn, path] });
  const minOut = (out[1]! * BigInt(100 - ${lit(params.slippage)})) / 100n;
  const { timestamp } = await client.getBlock();
  return {
    to: router,
    data: encodeFunctionData({ abi, functionName: 'swapExactTokensForTokens', args: [amountIn, minOut, path, agentAddress as Address, timestamp + 1200n] }),
  };`,
      "import { createPublicClient, encodeFunctionData, http, parseAbi, parseUnits, type Address } from 'viem';",
    ),
    submit(),
  ],
}));
