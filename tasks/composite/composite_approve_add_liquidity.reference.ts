import { defineCompositeReference, lit, submit, ts } from 'evm-questbench/composite';

export default defineCompositeReference((params) => {
  const token = params.token as { symbol: string; address: string };
  return {
    plan: `1. approve(router, amount) on ${token.symbol}.\n2. router.addLiquidity(USDT, BUSD, amount, amount, mins at the slippage, me, deadline).\nThen submit.`,
    rounds: [
      ts(
        `const erc20 = new Interface(['function approve(address spender, uint256 amount) returns (bool)']);
  return { to: ${lit(token.address)}, data: erc20.encodeFunctionData('approve', [deployedContracts.router, parseUnits(${lit(params.amount)}, 18)]) };`,
        "import { Interface, parseUnits } from 'ethers';",
      ),
      ts(
        `const provider = new JsonRpcProvider(providerUrl);
  const router = new Interface([
    'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
  ]);
  const amount = parseUnits(${lit(params.amount)}, 18);
  const min = (amount * BigInt(100 - ${lit(params.slippage)})) / 100n;
  const block = await provider.getBlock('latest');
  return {
    to: deployedContracts.router,
    data: router.encodeFunctionData('addLiquidity', [deployedContracts.USDT, deployedContracts.BUSD, amount, amount, min, min, agentAddress, BigInt(block!.timestamp) + 1200n]),
  };`,
        "import { Interface, JsonRpcProvider, parseUnits } from 'ethers';",
      ),
      submit(),
    ],
  };
});
