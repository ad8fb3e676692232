import { defineCompositeReference, lit, submit, ts } from 'evm-questbench/composite';

const IMPORTS = "import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, parseEther, type Address } from 'viem';";

/** The CAKE the latest harvest paid, from the pool's Harvested log, minus the amount to sell. */
const REST = (swapAmount: string) => `const client = createPublicClient({ transport: http(providerUrl) });
  const head = await client.getBlockNumber();
  const logs = await client.getLogs({
    address: deployedContracts.simple_reward_pool as Address,
    event: parseAbi(['event Harvested(address indexed user, uint256 reward)'])[0],
    args: { user: agentAddress as Address },
    fromBlock: head > 20n ? head - 20n : 0n,
    toBlock: head,
  });
  const rest = logs.at(-1)!.args.reward! - parseEther(${lit(swapAmount)});`;

export default defineCompositeReference((params) => ({
  plan: '1. harvest() on simple_reward_pool.\n2. Approve the router for the CAKE to sell.\n3. swapExactTokensForTokens CAKE → USDT with the slippage floor.\n4. Approve simple_staking for the harvest minus that.\n5. Stake it.\nThen submit.',
  rounds: [
    ts(`return { to: deployedContracts.simple_reward_pool, data: encodeFunctionData({ abi: parseAbi(['function harvest()']), functionName: 'harvest' }) };`, IMPORTS),
    ts(
      `return { to: deployedContracts.CAKE, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [deployedContracts.router as Address, parseEther(${lit(params.swap_amount)})] }) };`,
      IMPORTS,
    ),
    ts(
      `const client = createPublicClient({ transport: http(providerUrl) });
  const router = parseAbi(['function getAmountsOut(uint256, address[]) view returns (uint256[])', 'function swapExactTokensForTokens(uint256, uint256, address[], address, uint256)']);
  const amountIn = parseEther(${lit(params.swap_amount)});
  const path = [deployedContracts.CAKE, deployedContracts.USDT] as Address[];
  const out = await client.readContract({ address: deployedContracts.router as Address, abi: router, functionName: 'getAmountsOut', args: [amountIn, path] });
  const min = (out[1]! * BigInt(100 - ${lit(params.slippage)})) / 100n;
  const block = await client.getBlock();
  return { to: deployedContracts.router, data: encodeFunctionData({ abi: router, functionName: 'swapExactTokensForTokens', args: [amountIn, min, path, agentAddress as Address, block.timestamp + 1200n] }) };`,
      IMPORTS,
    ),
    ts(
      `${REST(String(params.swap_amount))}
  return { to: deployedContracts.CAKE, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [deployedContracts.simple_staking as Address, rest] }) };`,
      IMPORTS,
    ),
    ts(
      `${REST(String(params.swap_amount))}
  return { to: deployedContracts.simple_staking, data: encodeFunctionData({ abi: parseAbi(['function stake(uint256)']), functionName: 'stake', args: [rest] }) };`,
      IMPORTS,
    ),
    submit(),
  ],
}));
