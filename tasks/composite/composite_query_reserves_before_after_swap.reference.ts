import { parseEther, parseUnits } from 'viem';
import { defineCompositeReference, lastChange, lastReserves, lit, query, submit, ts } from 'evm-questbench/composite';
import { pancakeAmountOut } from 'evm-questbench/validators';

const reference = defineCompositeReference((params, env) => {
  // The reserves the query returns are the planted ones; the swap moves them by the amount in and the amount out.
  const wbnb = parseEther(params.poolWbnb as string);
  const usdt = (wbnb * parseUnits(params.poolPrice as string, 2)) / 100n;
  const amountIn = parseEther(params.amount as string);
  const out = pancakeAmountOut(amountIn, wbnb, usdt);
  const wbnbIs0 = env.WBNB!.toLowerCase() < env.USDT!.toLowerCase();
  const pair = (w: bigint, u: bigint) => (wbnbIs0 ? { reserve0: w.toString(), reserve1: u.toString() } : { reserve0: u.toString(), reserve1: w.toString() });
  return {
    plan: '1. Query the WBNB/USDT pair reserves.\n2. swapExactETHForTokens on the router, WBNB -> USDT.\nThen submit: after = before with +amount WBNB and -(USDT received).',
    rounds: [
      query({ type: 'pair_reserves', pair: 'pair_WBNB_USDT' }),
      ts(
        `const client = createPublicClient({ transport: http(providerUrl) });
  const router = deployedContracts.router as Address;
  const path = [deployedContracts.WBNB as Address, deployedContracts.USDT as Address];
  const value = parseEther(${lit(params.amount)});
  const abi = parseAbi(['function getAmountsOut(uint256, address[]) view returns (uint256[])', 'function swapExactETHForTokens(uint256, address[], address, uint256) payable returns (uint256[])']);
  const quote = await client.readContract({ address: router, abi, functionName: 'getAmountsOut', args: [value, path] });
  const { timestamp } = await client.getBlock();
  const data = encodeFunctionData({ abi, functionName: 'swapExactETHForTokens', args: [(quote[1]! * 99n) / 100n, path, agentAddress as Address, timestamp + 600n] });
  return { to: router, data, value };`,
        "import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, type Address } from 'viem';",
      ),
      submit({ before: pair(wbnb, usdt), after: pair(wbnb + amountIn, usdt - out) }),
    ],
  };
});

export default reference;

/**
 * Every step the request asks for, one round each, answering only from what the rounds showed: the
 * reserves the query returned, and those moved by the BNB paid in and the USDT the swap's feedback reported.
 */
export const literal = defineCompositeReference((params, env) => {
  const amountIn = parseEther(params.amount as string);
  const answer = (feedback: readonly string[]) => {
    const { result: read, reserves: [w, u], firstIs0: wbnbIs0 } = lastReserves(feedback, env.WBNB!);
    const [w2, u2] = [w + amountIn, u - lastChange(feedback, 'USDT')];
    const after = wbnbIs0 ? { reserve0: w2.toString(), reserve1: u2.toString() } : { reserve0: u2.toString(), reserve1: w2.toString() };
    return submit({ before: { reserve0: read.reserve0, reserve1: read.reserve1 }, after });
  };
  const { plan, rounds } = reference(params, env);
  return { plan, rounds: [rounds[0]!, rounds[1]!, answer] };
});
