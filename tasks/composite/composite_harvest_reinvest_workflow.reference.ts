import { approveRound, defineCompositeReference, latestLogValue, lit, stakeRound, submit, swapRound, ts } from 'evm-questbench/composite';

const IMPORTS = "import { encodeFunctionData, parseAbi } from 'viem';";
const LOGS = "import { JsonRpcProvider, id, zeroPadValue } from 'ethers';";

/** The CAKE the latest harvest paid, from the pool's Harvested log, minus the amount to sell. */
const REST = (swapAmount: unknown) => `${latestLogValue('harvested', 'simple_reward_pool', "[id('Harvested(address,uint256)'), zeroPadValue(agentAddress, 32)]")}
  const rest = harvested - parseEther(${lit(swapAmount)});`;

export default defineCompositeReference((params) => ({
  plan: '1. harvest() on simple_reward_pool.\n2. Approve the router for the CAKE to sell.\n3. swapExactTokensForTokens CAKE → USDT with the slippage floor.\n4. Approve simple_staking for the harvest minus that.\n5. Stake it.\nThen submit.',
  rounds: [
    ts(`return { to: deployedContracts.simple_reward_pool, data: encodeFunctionData({ abi: parseAbi(['function harvest()']), functionName: 'harvest' }) };`, IMPORTS),
    approveRound('deployedContracts.CAKE', 'deployedContracts.router', `parseEther(${lit(params.swap_amount)})`),
    swapRound({ amountIn: `parseEther(${lit(params.swap_amount)})`, path: '[deployedContracts.CAKE, deployedContracts.USDT]', slippage: params.slippage }),
    approveRound('deployedContracts.CAKE', 'deployedContracts.simple_staking', 'rest', { before: REST(params.swap_amount), imports: LOGS }),
    stakeRound('deployedContracts.simple_staking', 'rest', { before: REST(params.swap_amount), imports: LOGS }),
    submit(),
  ],
}));
