import { approveRound, defineCompositeReference, lit, submit, ts, wrapRound } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. WBNB.deposit() with the BNB.\n2. WBNB.approve(router, amount).\n3. addLiquidity(WBNB, USDT, amount, USDT at the reserve ratio, mins, me).\nThen submit.',
  rounds: [
    wrapRound(params.amount_bnb),
    approveRound('deployedContracts.WBNB', 'deployedContracts.router', `parseEther(${lit(params.amount_bnb)})`),
    ts(
      `const client = createPublicClient({ transport: http(providerUrl) });
  const [wbnb, usdt, pair, router] = [deployedContracts.WBNB, deployedContracts.USDT, deployedContracts.pair_WBNB_USDT, deployedContracts.router] as Address[];
  const read = (token: Address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [pair!] });
  const amountW = parseEther(${lit(params.amount_bnb)});
  const amountU = (amountW * (await read(usdt!))) / (await read(wbnb!));
  const keep = BigInt(100 - ${lit(params.slippage)});
  const { timestamp } = await client.getBlock();
  const abi = parseAbi(['function addLiquidity(address, address, uint256, uint256, uint256, uint256, address, uint256) returns (uint256, uint256, uint256)']);
  const args = [wbnb!, usdt!, amountW, amountU, (amountW * keep) / 100n, (amountU * keep) / 100n, agentAddress as Address, timestamp + 600n] as const;
  return { to: router, data: encodeFunctionData({ abi, functionName: 'addLiquidity', args }) };`,
      "import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, parseEther, type Address } from 'viem';",
    ),
    submit(),
  ],
}));
