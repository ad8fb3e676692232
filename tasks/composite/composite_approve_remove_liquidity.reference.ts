import type { Address } from 'viem';
import { approve, defineCompositeReference, read, script, submit } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_approve_remove_liquidity'>, env) => {
  // Both rounds read the share from the wallet's LP balance, which the approve does not change.
  const liquidity = read(
    async ({ viem: { createPublicClient, erc20Abi, http }, providerUrl, agentAddress }, a: { pair: Address; percent: number }) => {
      const client = createPublicClient({ transport: http(providerUrl) });
      const lp = await client.readContract({ address: a.pair, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });
      return (lp * BigInt(a.percent)) / 100n;
    },
    { pair: env.pair_USDT_BUSD, percent: params.percent },
  );
  return {
    plan: '1. Read my USDT/BUSD LP balance, approve the router for the requested share.\n2. removeLiquidity(USDT, BUSD, share, minimums from the pro-rata payout minus the slippage).\nThen submit.',
    rounds: [
      script(approve, { token: env.pair_USDT_BUSD, spender: env.router, amount: liquidity }),
      script(
        async (
          { viem: { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi }, providerUrl, agentAddress, deployedContracts },
          a,
        ) => {
          const client = createPublicClient({ transport: http(providerUrl) });
          const { USDT: usdt, BUSD: busd, pair_USDT_BUSD: pair } = deployedContracts;
          const [poolUsdt, poolBusd, supply] = await Promise.all([
            client.readContract({ address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [pair] }),
            client.readContract({ address: busd, abi: erc20Abi, functionName: 'balanceOf', args: [pair] }),
            client.readContract({ address: pair, abi: erc20Abi, functionName: 'totalSupply' }),
          ]);
          const keep = BigInt(100 - a.slippage);
          const minUsdt = (a.liquidity * poolUsdt * keep) / supply / 100n;
          const minBusd = (a.liquidity * poolBusd * keep) / supply / 100n;
          const { timestamp } = await client.getBlock();
          const abi = parseAbi([
            'function removeLiquidity(address tokenA, address tokenB, uint256 liquidity, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256)',
          ]);
          return {
            to: deployedContracts.router,
            data: encodeFunctionData({
              abi,
              functionName: 'removeLiquidity',
              args: [usdt, busd, a.liquidity, minUsdt, minBusd, agentAddress, timestamp + 1200n],
            }),
          };
        },
        { liquidity, slippage: params.slippage },
      ),
      submit(),
    ],
  };
});
