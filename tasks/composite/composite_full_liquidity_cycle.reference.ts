import { addLiquidityRound, defineCompositeReference, latestLogValue, lit, submit, transferTopics, ts } from 'evm-questbench/composite';

const IMPORTS = "import { Interface, JsonRpcProvider, ZeroAddress, id, parseEther, zeroPadValue } from 'ethers';";

/** LP the latest deposit minted to the wallet, from the pair's Transfer log. */
const MINTED = latestLogValue('minted', 'pair_USDT_BUSD', transferTopics('ZeroAddress', 'agentAddress'));

const POOL = "const pool = new Interface(['function deposit(uint256)', 'function harvest()', 'function withdraw(uint256)']);";

export default defineCompositeReference((params) => ({
  plan: '1. addLiquidity(USDT, BUSD) with the amounts.\n2. deposit() the minted LP into simple_reward_pool.\n3. harvest().\n4. withdraw() the same LP.\n5. removeLiquidity() with it.\nThen submit.',
  rounds: [
    addLiquidityRound('deployedContracts.USDT', 'deployedContracts.BUSD', `parseEther(${lit(params.amount)})`, `parseEther(${lit(params.amount)})`, 1),
    ts(`${MINTED}\n  ${POOL}\n  return { to: deployedContracts.simple_reward_pool, data: pool.encodeFunctionData('deposit', [minted]) };`, IMPORTS),
    ts(`${POOL}\n  return { to: deployedContracts.simple_reward_pool, data: pool.encodeFunctionData('harvest') };`, IMPORTS),
    ts(`${MINTED}\n  ${POOL}\n  return { to: deployedContracts.simple_reward_pool, data: pool.encodeFunctionData('withdraw', [minted]) };`, IMPORTS),
    ts(
      `${MINTED}
  const block = await provider.getBlock('latest');
  const router = new Interface(['function removeLiquidity(address,address,uint256,uint256,uint256,address,uint256)']);
  const data = router.encodeFunctionData('removeLiquidity', [deployedContracts.USDT, deployedContracts.BUSD, minted, 0n, 0n, agentAddress, BigInt(block!.timestamp) + 1200n]);
  return { to: deployedContracts.router, data };`,
      IMPORTS,
    ),
    submit(),
  ],
}));
