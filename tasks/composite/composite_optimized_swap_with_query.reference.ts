import { parseEther } from 'viem';
import { approveRound, defineCompositeReference, lastQueryResult, lastReserves, lit, query, submit, ts } from 'evm-questbench/composite';
import { pancakeAmountOut } from 'evm-questbench/validators';

export default defineCompositeReference((params, env) => ({
  plan: '1. Query the USDT/BUSD reserves.\n2. Query the router allowance for USDT.\n3. Approve the router for the amount.\n4. Swap with amountOutMin from the constant-product estimate.\n5. Query the BUSD balance, then submit the estimate and the balance.',
  rounds: [
    query({ type: 'pair_reserves', pair: 'pair_USDT_BUSD' }),
    query({ type: 'allowance', token: 'USDT', owner: 'agent', spender: 'router' }),
    approveRound('deployedContracts.USDT', 'deployedContracts.router', `parseEther(${lit(params.amount)})`),
    ts(
      `const provider = new JsonRpcProvider(providerUrl);
  const pair = new Contract(deployedContracts.pair_USDT_BUSD!, ['function getReserves() view returns (uint112, uint112, uint32)', 'function token0() view returns (address)'], provider);
  const [r0, r1] = await pair.getFunction('getReserves')();
  const usdtIs0 = (await pair.getFunction('token0')()).toLowerCase() === deployedContracts.USDT!.toLowerCase();
  const [rIn, rOut] = usdtIs0 ? [r0 as bigint, r1 as bigint] : [r1 as bigint, r0 as bigint];
  const amountIn = parseEther(${lit(params.amount)});
  const expected = (amountIn * 9975n * rOut) / (rIn * 10000n + amountIn * 9975n);
  const router = new Interface(['function swapExactTokensForTokens(uint256,uint256,address[],address,uint256)']);
  const block = await provider.getBlock('latest');
  const data = router.encodeFunctionData('swapExactTokensForTokens', [amountIn, (expected * BigInt(100 - ${lit(params.slippage)})) / 100n, [deployedContracts.USDT, deployedContracts.BUSD], agentAddress, BigInt(block!.timestamp) + 1200n]);
  return { to: deployedContracts.router, data };`,
      "import { Contract, Interface, JsonRpcProvider, parseEther } from 'ethers';",
    ),
    query({ type: 'token_balance', token: 'BUSD', address: 'agent' }),
    (feedback) => {
      // The estimate from the reserves read in the first round (fee 0.25 %), as the swap round computed it.
      const [rIn, rOut] = lastReserves(feedback, env.USDT!).reserves;
      const expectedOut = pancakeAmountOut(parseEther(String(params.amount)), rIn, rOut);
      return submit({ expectedOut: expectedOut.toString(), busd: lastQueryResult(feedback, { type: 'token_balance' }).raw });
    },
  ],
}));
