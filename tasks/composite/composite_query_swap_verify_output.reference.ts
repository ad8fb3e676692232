import { parseEther, parseUnits } from 'viem';
import { defineCompositeReference, lastChange, lastQueryResult, lastReserves, lit, query, submit, ts } from 'evm-questbench/composite';
import { pancakeAmountOut } from 'evm-questbench/validators';

const reference = defineCompositeReference((params) => {
  // The reserves and the USDT balance the queries return are the planted ones.
  const wbnb = parseEther(params.poolWbnb as string);
  const usdt = (wbnb * parseUnits(params.poolPrice as string, 2)) / 100n;
  const quote = pancakeAmountOut(parseEther(params.amount_bnb as string), wbnb, usdt);
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

export default reference;

/**
 * Every step the request asks for, one round each, answering only from what the rounds showed: the
 * quote worked out from the reserves the first query returned (with the same amountOut as above),
 * the USDT received as the swap's feedback reported it, the balance as the last query returned it.
 */
export const literal = defineCompositeReference((params, env) => {
  const amountIn = parseEther(params.amount_bnb as string);
  const answer = (feedback: readonly string[]) => {
    const [rIn, rOut] = lastReserves(feedback, env.WBNB!).reserves;
    return submit({
      quoted: pancakeAmountOut(amountIn, rIn, rOut).toString(),
      received: lastChange(feedback, 'USDT').toString(),
      usdtBalance: lastQueryResult(feedback, { type: 'token_balance' }).raw,
    });
  };
  const { plan, rounds } = reference(params, env);
  return { plan, rounds: [rounds[0]!, rounds[1]!, rounds[2]!, answer] };
});
