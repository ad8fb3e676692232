import { defineCompositeReference, lastQueryResult, latestLogValue, query, submit, ts, unwrapAllRound } from 'evm-questbench/composite';

const IMPORTS = "import { Contract, Interface, JsonRpcProvider, id, zeroPadValue } from 'ethers';";

/** LP the emergency withdrawal returned, from the pool's EmergencyWithdrawn log. */
const RECOVERED = latestLogValue('recovered', 'simple_reward_pool', "[id('EmergencyWithdrawn(address,uint256)'), zeroPadValue(agentAddress, 32)]");

export default defineCompositeReference(() => ({
  plan: '1. emergencyWithdraw() on simple_reward_pool.\n2. Approve the router for the recovered LP.\n3. removeLiquidity(USDT, BUSD) with exactly that LP.\n4. Withdraw the whole WBNB balance.\n5. Query the BNB balance, then submit it.',
  rounds: [
    ts(
      `const pool = new Interface(['function emergencyWithdraw()']);
  return { to: deployedContracts.simple_reward_pool, data: pool.encodeFunctionData('emergencyWithdraw') };`,
      IMPORTS,
    ),
    ts(
      `${RECOVERED}
  const lp = new Interface(['function approve(address,uint256)']);
  return { to: deployedContracts.pair_USDT_BUSD, data: lp.encodeFunctionData('approve', [deployedContracts.router, recovered]) };`,
      IMPORTS,
    ),
    ts(
      `${RECOVERED}
  const block = await provider.getBlock('latest');
  const router = new Interface(['function removeLiquidity(address,address,uint256,uint256,uint256,address,uint256)']);
  const data = router.encodeFunctionData('removeLiquidity', [deployedContracts.USDT, deployedContracts.BUSD, recovered, 0n, 0n, agentAddress, BigInt(block!.timestamp) + 1200n]);
  return { to: deployedContracts.router, data };`,
      IMPORTS,
    ),
    unwrapAllRound(),
    query({ type: 'native_balance', address: 'agent' }),
    (feedback) => submit({ bnb: lastQueryResult(feedback).raw }),
  ],
}));
