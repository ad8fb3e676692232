import { defineCompositeReference, lit, submit, ts } from 'evm-questbench/composite';

const approve = (token: string, amount: unknown) =>
  ts(
    `return {
    to: deployedContracts.${token} as Address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [deployedContracts.router as Address, parseUnits(${lit(amount)}, 18)] }),
  };`,
    "import { encodeFunctionData, erc20Abi, parseUnits, type Address } from 'viem';",
  );

export default defineCompositeReference((params) => ({
  plan: '1. approve(router, amount_usdt) on USDT.\n2. approve(router, amount_busd) on BUSD.\n3. router.addLiquidity(USDT, BUSD, desired amounts, minimums at the slippage, me, deadline).\nThen submit.',
  rounds: [
    approve('USDT', params.amount_usdt),
    approve('BUSD', params.amount_busd),
    ts(
      `const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi(['function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)']);
  const usdt = parseUnits(${lit(params.amount_usdt)}, 18);
  const busd = parseUnits(${lit(params.amount_busd)}, 18);
  const keep = BigInt(100 - ${lit(params.slippage)});
  const { timestamp } = await client.getBlock();
  return {
    to: deployedContracts.router as Address,
    data: encodeFunctionData({
      abi,
      functionName: 'addLiquidity',
      args: [deployedContracts.USDT as Address, deployedContracts.BUSD as Address, usdt, busd, (usdt * keep) / 100n, (busd * keep) / 100n, agentAddress as Address, timestamp + 1200n],
    }),
  };`,
      "import { createPublicClient, encodeFunctionData, http, parseAbi, parseUnits, type Address } from 'viem';",
    ),
    submit(),
  ],
}));
