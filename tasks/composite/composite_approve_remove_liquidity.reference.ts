import { defineCompositeReference, lit, submit, ts } from 'evm-questbench/composite';

// Both rounds recompute the LP share from the wallet balance, which the approve does not change.
const share = (percent: unknown) => `const client = createPublicClient({ transport: http(providerUrl) });
  const pair = deployedContracts.pair_USDT_BUSD as Address;
  const lp = await client.readContract({ address: pair, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress as Address] });
  const liquidity = (lp * BigInt(${lit(percent)})) / 100n;`;

export default defineCompositeReference((params) => ({
  plan: '1. Read my USDT/BUSD LP balance, approve the router for the requested share.\n2. removeLiquidity(USDT, BUSD, share, minimums from the pro-rata payout minus the slippage).\nThen submit.',
  rounds: [
    ts(
      `${share(params.percent)}
  return { to: pair, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [deployedContracts.router as Address, liquidity] }) };`,
      "import { createPublicClient, encodeFunctionData, erc20Abi, http, type Address } from 'viem';",
    ),
    ts(
      `${share(params.percent)}
  const usdt = deployedContracts.USDT as Address;
  const busd = deployedContracts.BUSD as Address;
  const [poolUsdt, poolBusd, supply] = await Promise.all([
    client.readContract({ address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [pair] }),
    client.readContract({ address: busd, abi: erc20Abi, functionName: 'balanceOf', args: [pair] }),
    client.readContract({ address: pair, abi: erc20Abi, functionName: 'totalSupply' }),
  ]);
  const keep = BigInt(100 - ${lit(params.slippage)});
  const minUsdt = (liquidity * poolUsdt * keep) / supply / 100n;
  const minBusd = (liquidity * poolBusd * keep) / supply / 100n;
  const { timestamp } = await client.getBlock();
  const abi = parseAbi(['function removeLiquidity(address tokenA, address tokenB, uint256 liquidity, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256)']);
  return {
    to: deployedContracts.router as Address,
    data: encodeFunctionData({ abi, functionName: 'removeLiquidity', args: [usdt, busd, liquidity, minUsdt, minBusd, agentAddress as Address, timestamp + 1200n] }),
  };`,
      "import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, type Address } from 'viem';",
    ),
    submit(),
  ],
}));
