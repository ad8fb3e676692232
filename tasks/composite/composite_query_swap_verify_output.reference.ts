import { parseEther, parseUnits } from 'viem';
import { defineCompositeReference, lit, query, submit, ts } from 'evm-questbench/composite';

/** PancakeLibrary.getAmountOut: 0.25 % fee. */
const amountOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint) => (amountIn * 9975n * reserveOut) / (reserveIn * 10000n + amountIn * 9975n);

export default defineCompositeReference((params) => {
  // The reserves and the USDT balance the queries return are the planted ones.
  const wbnb = parseEther(params.poolWbnb as string);
  const usdt = (wbnb * parseUnits(params.poolPrice as string, 2)) / 100n;
  const quote = amountOut(parseEther(params.amount_bnb as string), wbnb, usdt);
  return {
    plan: '1. Query the WBNB/USDT reserves and compute the quote (0.25 % fee).\n2. swapExactETHForTokens with amountOutMin = quote less the slippage.\n3. Query my USDT balance.\nThen submit quote, received and balance.',
    rounds: [
      query({ type: 'pair_reserves', pair: 'pair_WBNB_USDT' }),
      ts(
        `const provider = new JsonRpcProvider(providerUrl);
  const router = new Contract(deployedContracts.router!, [
    'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
    'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
  ], provider);
  const value = parseEther(${lit(params.amount_bnb)});
  const path = [deployedContracts.WBNB, deployedContracts.USDT];
  const amounts: bigint[] = await router.getFunction('getAmountsOut')(value, path);
  const minOut = (amounts[1]! * BigInt(100 - ${lit(params.slippage)})) / 100n;
  const block = await provider.getBlock('latest');
  const data = router.interface.encodeFunctionData('swapExactETHForTokens', [minOut, path, agentAddress, BigInt(block!.timestamp) + 600n]);
  return { to: deployedContracts.router, data, value };`,
        "import { Contract, JsonRpcProvider, parseEther } from 'ethers';",
      ),
      query({ type: 'token_balance', token: 'USDT', address: 'agent' }),
      submit({ quoted: quote.toString(), received: quote.toString(), usdtBalance: (parseEther(params.plantedUsdt as string) + quote).toString() }),
    ],
  };
});
