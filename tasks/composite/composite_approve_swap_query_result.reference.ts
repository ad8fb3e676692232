import { defineCompositeReference, lastQueryResult, lit, query, submit, ts } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. approve(router, amount) on USDT.\n2. swapExactTokensForTokens USDT -> BUSD with a slippage floor.\n3. Query my BUSD balance.\nThen submit it as the answer.',
  rounds: [
    ts(
      `const usdt = new Contract(deployedContracts.USDT!, ['function approve(address spender, uint256 amount) returns (bool)']);
  return { to: deployedContracts.USDT, data: usdt.interface.encodeFunctionData('approve', [deployedContracts.router, parseUnits(${lit(params.amount)}, 18)]) };`,
      "import { Contract, parseUnits } from 'ethers';",
    ),
    ts(
      `const provider = new JsonRpcProvider(providerUrl);
  const router = new Contract(deployedContracts.router!, [
    'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
    'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
  ], provider);
  const amountIn = parseUnits(${lit(params.amount)}, 18);
  const path = [deployedContracts.USDT, deployedContracts.BUSD];
  const out: bigint[] = await router.getFunction('getAmountsOut')(amountIn, path);
  const minOut = (out[1]! * BigInt(100 - ${lit(params.slippage)})) / 100n;
  const block = await provider.getBlock('latest');
  return {
    to: deployedContracts.router,
    data: router.interface.encodeFunctionData('swapExactTokensForTokens', [amountIn, minOut, path, agentAddress, BigInt(block!.timestamp) + 1200n]),
  };`,
      "import { Contract, JsonRpcProvider, parseUnits } from 'ethers';",
    ),
    query({ type: 'token_balance', token: 'BUSD', address: 'agent' }),
    (feedback) => submit(lastQueryResult(feedback).raw),
  ],
}));
