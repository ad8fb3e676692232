import { parseEther } from 'viem';
import { pancakeAmountOut } from 'evm-questbench/validators';
import { approve, defineCompositeReference, lastQueryResult, lastReserves, query, script, submit } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_optimized_swap_with_query'>, env) => {
  const amount = parseEther(params.amount);
  return {
    plan: '1. Query the USDT/BUSD reserves.\n2. Query the router allowance for USDT.\n3. Approve the router for the amount.\n4. Swap with amountOutMin from the constant-product estimate.\n5. Query the BUSD balance, then submit the estimate and the balance.',
    rounds: [
      query({ type: 'pair_reserves', pair: 'pair_USDT_BUSD' }),
      query({ type: 'allowance', token: 'USDT', owner: 'agent', spender: 'router' }),
      script(approve, { token: env.USDT, spender: env.router, amount }),
      script(
        async ({ ethers: { Contract, Interface, JsonRpcProvider }, providerUrl, agentAddress, deployedContracts }, a) => {
          const provider = new JsonRpcProvider(providerUrl);
          const abi = ['function getReserves() view returns (uint112, uint112, uint32)', 'function token0() view returns (address)'];
          const pair = new Contract(deployedContracts.pair_USDT_BUSD, abi, provider);
          const [r0, r1] = await pair.getFunction('getReserves')();
          const usdtIs0 = (await pair.getFunction('token0')()).toLowerCase() === deployedContracts.USDT.toLowerCase();
          const [rIn, rOut] = (usdtIs0 ? [r0, r1] : [r1, r0]) as [bigint, bigint];
          // The constant-product estimate with the 0.25 % fee.
          const expected = (a.amountIn * 9975n * rOut) / (rIn * 10000n + a.amountIn * 9975n);
          const router = new Interface(['function swapExactTokensForTokens(uint256,uint256,address[],address,uint256)']);
          const block = await provider.getBlock('latest');
          if (!block) throw new Error('the provider returned no latest block');
          const min = (expected * BigInt(100 - a.slippage)) / 100n;
          const path = [deployedContracts.USDT, deployedContracts.BUSD];
          const data = router.encodeFunctionData('swapExactTokensForTokens', [
            a.amountIn,
            min,
            path,
            agentAddress,
            BigInt(block.timestamp) + 1200n,
          ]);
          return { to: deployedContracts.router, data };
        },
        { amountIn: amount, slippage: params.slippage },
      ),
      query({ type: 'token_balance', token: 'BUSD', address: 'agent' }),
      (feedback) => {
        // The estimate from the reserves read in the first round (fee 0.25 %), as the swap round computed it.
        const [rIn, rOut] = lastReserves(feedback, env.USDT).reserves;
        return submit({
          expectedOut: pancakeAmountOut(amount, rIn, rOut).toString(),
          busd: lastQueryResult(feedback, { type: 'token_balance' }).raw,
        });
      },
    ],
  };
});
