import { addLiquidityRound, approveRound, defineCompositeReference, lastQueryResult, latestLogValue, lit, query, stakeRound, submit, transferTopics } from 'evm-questbench/composite';

const LOGS = "import { JsonRpcProvider, ZeroAddress, id, zeroPadValue } from 'ethers';";

/** LP the latest deposit minted to the wallet, from the pair's Transfer log. */
const MINTED = latestLogValue('minted', 'pair_USDT_BUSD', transferTopics('ZeroAddress', 'agentAddress'));

export default defineCompositeReference((params) => ({
  plan: '1. Approve the router for the USDT.\n2. Approve it for the BUSD.\n3. addLiquidity(USDT, BUSD) with the minimums.\n4. Approve simple_lp_staking for the minted LP.\n5. Stake it.\n6. Query the total stake, then submit it.',
  rounds: [
    approveRound('deployedContracts.USDT', 'deployedContracts.router', `parseEther(${lit(params.amount)})`),
    approveRound('deployedContracts.BUSD', 'deployedContracts.router', `parseEther(${lit(params.amount)})`),
    addLiquidityRound('deployedContracts.USDT', 'deployedContracts.BUSD', `parseEther(${lit(params.amount)})`, `parseEther(${lit(params.amount)})`, params.slippage),
    approveRound('deployedContracts.pair_USDT_BUSD', 'deployedContracts.simple_lp_staking', 'minted', { before: MINTED, imports: LOGS }),
    stakeRound('deployedContracts.simple_lp_staking', 'minted', { before: MINTED, imports: LOGS }),
    query({ type: 'staked_amount', pool: 'simple_lp_staking', address: 'agent' }),
    (feedback) => submit({ staked: lastQueryResult(feedback).raw }),
  ],
}));
