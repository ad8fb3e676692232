import { parseEther } from 'viem';
import {
  approve,
  defineCompositeReference,
  lastTransfer,
  read,
  script,
  submit,
  swapExactBnb,
  swapExactTokens,
} from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_triple_pool_liquidity'>, env) => {
  /** What the BNB → USDT swap paid, and what the USDT → BUSD swap paid, from the pairs' Transfer logs. */
  const usdtIn = lastTransfer(env.USDT, env.pair_WBNB_USDT, env.agent);
  const busdIn = lastTransfer(env.BUSD, env.pair_USDT_BUSD, env.agent);
  const half = read((_ctx, a: { usdtIn: bigint }) => a.usdtIn / 2n, { usdtIn });
  const rest = read((_ctx, a: { usdtIn: bigint }) => a.usdtIn - a.usdtIn / 2n, { usdtIn });
  return {
    plan: '1. swapExactETHForTokens BNB → USDT.\n2. Approve the router for half the USDT.\n3. Swap that half for BUSD.\n4. Approve the router for the other half.\n5. Approve it for the BUSD.\n6. addLiquidity with the other half and the BUSD.\nThen submit.',
    rounds: [
      script(swapExactBnb, { amount: parseEther(params.amount), path: [env.WBNB, env.USDT], slippage: 1, deadline: 1200 }),
      script(approve, { token: env.USDT, spender: env.router, amount: half }),
      script(swapExactTokens, { amountIn: half, path: [env.USDT, env.BUSD], slippage: 1 }),
      script(approve, { token: env.USDT, spender: env.router, amount: rest }),
      script(approve, { token: env.BUSD, spender: env.router, amount: busdIn }),
      script(
        async ({ ethers: { Interface, JsonRpcProvider }, providerUrl, agentAddress, deployedContracts }, a) => {
          const block = await new JsonRpcProvider(providerUrl).getBlock('latest');
          if (!block) throw new Error('the provider returned no latest block');
          const deadline = BigInt(block.timestamp) + 1200n;
          const router = new Interface(['function addLiquidity(address, address, uint256, uint256, uint256, uint256, address, uint256)']);
          const args = [deployedContracts.USDT, deployedContracts.BUSD, a.usdt, a.busd, 0n, (a.busd * 99n) / 100n, agentAddress, deadline];
          return { to: deployedContracts.router, data: router.encodeFunctionData('addLiquidity', args) };
        },
        { usdt: rest, busd: busdIn },
      ),
      submit(),
    ],
  };
});
