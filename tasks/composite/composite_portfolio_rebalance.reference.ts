import { defineCompositeReference, lastQueryResult, lit, query, submit, ts } from 'evm-questbench/composite';

const IMPORTS = "import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, type Address } from 'viem';";

/** An exact-input swap of `amount` along `path` with the slippage floor. */
const swap = (amount: string, path: string, slippage: number) =>
  ts(
    `const client = createPublicClient({ transport: http(providerUrl) });
  const router = parseAbi(['function getAmountsOut(uint256, address[]) view returns (uint256[])', 'function swapExactTokensForTokens(uint256, uint256, address[], address, uint256)']);
  const amountIn = parseEther(${lit(amount)});
  const path = ${path} as Address[];
  const out = await client.readContract({ address: deployedContracts.router as Address, abi: router, functionName: 'getAmountsOut', args: [amountIn, path] });
  const min = (out[out.length - 1]! * BigInt(100 - ${slippage})) / 100n;
  const block = await client.getBlock();
  return { to: deployedContracts.router, data: encodeFunctionData({ abi: router, functionName: 'swapExactTokensForTokens', args: [amountIn, min, path, agentAddress as Address, block.timestamp + 1200n] }) };`,
    IMPORTS,
  );

export default defineCompositeReference((params, env) => ({
  plan: '1. Query the USDT balance.\n2. Query the CAKE balance.\n3. Swap the USDT for BUSD.\n4. Swap the CAKE for BUSD via WBNB.\n5. Query the BUSD balance, then submit the three values.',
  rounds: [
    query({ type: 'token_balance', token: 'USDT', address: 'agent' }),
    query({ type: 'token_balance', token: 'CAKE', address: 'agent' }),
    swap(String(params.amount_usdt), '[deployedContracts.USDT, deployedContracts.BUSD]', Number(params.slippage)),
    swap(String(params.amount_cake), '[deployedContracts.CAKE, deployedContracts.WBNB, deployedContracts.BUSD]', Number(params.slippage)),
    query({ type: 'token_balance', token: 'BUSD', address: 'agent' }),
    (feedback) => {
      const balance = (token: string) => lastQueryResult(feedback, { type: 'token_balance', token }).raw;
      return submit({ usdt: balance(env.USDT!), cake: balance(env.CAKE!), busd: balance(env.BUSD!) });
    },
  ],
}));
