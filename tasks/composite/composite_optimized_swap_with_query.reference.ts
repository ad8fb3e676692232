import { parseUnits } from 'viem';
import { v2AmountOut, v2FeeFor } from 'evm-questbench/validators';
import {
  approve,
  defineCompositeReference,
  lastQueryResult,
  lastReserves,
  query,
  read,
  script,
  submit,
  tokenAmount,
} from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_optimized_swap_with_query'>, env, chain) => {
  const amount = read(tokenAmount, { token: env.USDT, amount: params.amount });
  // The chain's V2 fee: PancakeSwap's 0.25 % on BSC, Uniswap's 0.3 % on Base.
  const fee = v2FeeFor(chain.chainId);
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
          // The constant-product estimate with the chain's fee (feeNum / feeDen of the input trades).
          const expected = (a.amountIn * a.feeNum * rOut) / (rIn * a.feeDen + a.amountIn * a.feeNum);
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
        { amountIn: amount, slippage: params.slippage, feeNum: fee.num, feeDen: fee.den },
      ),
      query({ type: 'token_balance', token: 'BUSD', address: 'agent' }),
      (feedback) => {
        // The estimate from the reserves read in the first round, with the chain's fee, as the swap round
        // computed it; the amount in USDT's decimals as the allowance query reported them.
        const [rIn, rOut] = lastReserves(feedback, env.USDT).reserves;
        const amountIn = parseUnits(params.amount, Number(lastQueryResult(feedback, { type: 'allowance' }).decimals));
        return submit({
          expectedOut: v2AmountOut(amountIn, rIn, rOut, fee).toString(),
          busd: lastQueryResult(feedback, { type: 'token_balance' }).raw,
        });
      },
    ],
  };
});
