import { defineCompositeReference, lastQueryResult, lit, query, submit, ts } from 'evm-questbench/composite';

const IMPORTS = "import { Contract, Interface, JsonRpcProvider, ZeroAddress, id, parseEther, zeroPadValue } from 'ethers';";

/** LP the latest deposit minted to the wallet, from the pair's Transfer log. */
const MINTED = `const provider = new JsonRpcProvider(providerUrl);
  const head = await provider.getBlockNumber();
  const logs = await provider.getLogs({
    address: deployedContracts.pair_USDT_BUSD,
    topics: [id('Transfer(address,address,uint256)'), zeroPadValue(ZeroAddress, 32), zeroPadValue(agentAddress, 32)],
    fromBlock: Math.max(0, head - 20),
    toBlock: head,
  });
  const minted = BigInt(logs[logs.length - 1]!.data);`;

const approve = (token: string, spender: string, amount: string) =>
  `const erc20 = new Interface(['function approve(address,uint256)']);
  return { to: deployedContracts.${token}, data: erc20.encodeFunctionData('approve', [deployedContracts.${spender}, ${amount}]) };`;

export default defineCompositeReference((params) => ({
  plan: '1. Approve the router for the USDT.\n2. Approve it for the BUSD.\n3. addLiquidity(USDT, BUSD) with the minimums.\n4. Approve simple_lp_staking for the minted LP.\n5. Stake it.\n6. Query the total stake, then submit it.',
  rounds: [
    ts(approve('USDT', 'router', `parseEther(${lit(params.amount)})`), IMPORTS),
    ts(approve('BUSD', 'router', `parseEther(${lit(params.amount)})`), IMPORTS),
    ts(
      `const provider = new JsonRpcProvider(providerUrl);
  const router = new Contract(deployedContracts.router!, ['function addLiquidity(address,address,uint256,uint256,uint256,uint256,address,uint256) returns (uint256,uint256,uint256)'], provider);
  const amount = parseEther(${lit(params.amount)});
  const min = (amount * BigInt(100 - ${lit(params.slippage)})) / 100n;
  const block = await provider.getBlock('latest');
  const data = router.interface.encodeFunctionData('addLiquidity', [deployedContracts.USDT, deployedContracts.BUSD, amount, amount, min, min, agentAddress, BigInt(block!.timestamp) + 1200n]);
  return { to: deployedContracts.router, data };`,
      IMPORTS,
    ),
    ts(`${MINTED}\n  ${approve('pair_USDT_BUSD', 'simple_lp_staking', 'minted')}`, IMPORTS),
    ts(
      `${MINTED}
  const staking = new Interface(['function stake(uint256)']);
  return { to: deployedContracts.simple_lp_staking, data: staking.encodeFunctionData('stake', [minted]) };`,
      IMPORTS,
    ),
    query({ type: 'staked_amount', pool: 'simple_lp_staking', address: 'agent' }),
    (feedback) => submit({ staked: lastQueryResult(feedback).raw }),
  ],
}));
