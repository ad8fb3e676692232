import { defineCompositeReference, lit, submit, ts } from 'evm-questbench/composite';

const IMPORTS = "import { Interface, JsonRpcProvider, ZeroAddress, id, parseEther, zeroPadValue } from 'ethers';";

/** The LP the latest deposit minted to the wallet, read from the pair's Transfer log. */
const MINTED = `const provider = new JsonRpcProvider(providerUrl);
  const head = await provider.getBlockNumber();
  const logs = await provider.getLogs({
    address: deployedContracts.pair_USDT_BUSD,
    topics: [id('Transfer(address,address,uint256)'), zeroPadValue(ZeroAddress, 32), zeroPadValue(agentAddress, 32)],
    fromBlock: Math.max(0, head - 20),
    toBlock: head,
  });
  const minted = BigInt(logs[logs.length - 1]!.data);`;

export default defineCompositeReference((params) => ({
  plan: '1. addLiquidity(USDT, BUSD) with the requested amounts and minimums.\n2. Approve simple_lp_staking for the LP the deposit minted.\n3. Stake exactly that LP.\nThen submit.',
  rounds: [
    ts(
      `const provider = new JsonRpcProvider(providerUrl);
  const amount = parseEther(${lit(params.amount)});
  const min = (amount * BigInt(100 - ${lit(params.slippage)})) / 100n;
  const block = await provider.getBlock('latest');
  const router = new Interface(['function addLiquidity(address,address,uint256,uint256,uint256,uint256,address,uint256)']);
  const data = router.encodeFunctionData('addLiquidity', [deployedContracts.USDT, deployedContracts.BUSD, amount, amount, min, min, agentAddress, BigInt(block!.timestamp) + 1200n]);
  return { to: deployedContracts.router, data };`,
      IMPORTS,
    ),
    ts(
      `${MINTED}
  const lp = new Interface(['function approve(address,uint256)']);
  return { to: deployedContracts.pair_USDT_BUSD, data: lp.encodeFunctionData('approve', [deployedContracts.simple_lp_staking, minted]) };`,
      IMPORTS,
    ),
    ts(
      `${MINTED}
  const staking = new Interface(['function stake(uint256)']);
  return { to: deployedContracts.simple_lp_staking, data: staking.encodeFunctionData('stake', [minted]) };`,
      IMPORTS,
    ),
    submit(),
  ],
}));
