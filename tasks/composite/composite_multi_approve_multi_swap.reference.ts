import { defineCompositeReference, lastQueryResult, lit, query, submit, ts } from 'evm-questbench/composite';

const IMPORTS = "import { createPublicClient, encodeFunctionData, erc20Abi, http, isAddressEqual, parseAbi, parseEther, type Address } from 'viem';";

const ROUTER = `const router = parseAbi(['function getAmountsOut(uint256, address[]) view returns (uint256[])', 'function swapExactTokensForTokens(uint256, uint256, address[], address, uint256)']);`;

/** CAKE the USDT → CAKE swap paid the wallet, from the CAKE Transfer logs of recent blocks. */
const BOUGHT = `const client = createPublicClient({ transport: http(providerUrl) });
  const head = await client.getBlockNumber();
  const logs = await client.getLogs({
    address: deployedContracts.CAKE as Address,
    event: parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)'])[0],
    args: { to: agentAddress as Address },
    fromBlock: head > 20n ? head - 20n : 0n,
    toBlock: head,
  });
  const bought = logs.filter((l) => !isAddressEqual(l.args.from!, agentAddress as Address)).at(-1)!.args.value!;`;

/** An exact-input swap along `path` with the slippage floor. */
const swap = (amountIn: string, path: string, slippage: number) => `${ROUTER}
  const amountIn = ${amountIn};
  const path = ${path} as Address[];
  const out = await client.readContract({ address: deployedContracts.router as Address, abi: router, functionName: 'getAmountsOut', args: [amountIn, path] });
  const min = (out[out.length - 1]! * BigInt(100 - ${slippage})) / 100n;
  const block = await client.getBlock();
  return { to: deployedContracts.router, data: encodeFunctionData({ abi: router, functionName: 'swapExactTokensForTokens', args: [amountIn, min, path, agentAddress as Address, block.timestamp + 1200n] }) };`;

export default defineCompositeReference((params) => ({
  plan: '1. Approve the router for the USDT.\n2. Swap the USDT for CAKE.\n3. Approve the router for the CAKE received.\n4. Swap exactly that CAKE for BUSD via WBNB.\n5. Query the BUSD balance, then submit it.',
  rounds: [
    ts(`return { to: deployedContracts.USDT, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [deployedContracts.router as Address, parseEther(${lit(params.amount)})] }) };`, IMPORTS),
    ts(
      `const client = createPublicClient({ transport: http(providerUrl) });
  ${swap(`parseEther(${lit(params.amount)})`, '[deployedContracts.USDT, deployedContracts.CAKE]', Number(params.slippage))}`,
      IMPORTS,
    ),
    ts(`${BOUGHT}\n  return { to: deployedContracts.CAKE, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [deployedContracts.router as Address, bought] }) };`, IMPORTS),
    ts(`${BOUGHT}\n  ${swap('bought', '[deployedContracts.CAKE, deployedContracts.WBNB, deployedContracts.BUSD]', Number(params.slippage))}`, IMPORTS),
    query({ type: 'token_balance', token: 'BUSD', address: 'agent' }),
    (feedback) => submit({ busd: lastQueryResult(feedback).raw }),
  ],
}));
