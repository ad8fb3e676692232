import { addLiquidityRound, approveRound, defineCompositeReference, latestLogValue, lit, stakeRound, submit, transferTopics } from 'evm-questbench/composite';

const LOGS = "import { JsonRpcProvider, ZeroAddress, id, zeroPadValue } from 'ethers';";

/** The LP the latest deposit minted to the wallet, read from the pair's Transfer log. */
const MINTED = latestLogValue('minted', 'pair_USDT_BUSD', transferTopics('ZeroAddress', 'agentAddress'));

export default defineCompositeReference((params) => ({
  plan: '1. addLiquidity(USDT, BUSD) with the requested amounts and minimums.\n2. Approve simple_lp_staking for the LP the deposit minted.\n3. Stake exactly that LP.\nThen submit.',
  rounds: [
    addLiquidityRound('deployedContracts.USDT', 'deployedContracts.BUSD', `parseEther(${lit(params.amount)})`, `parseEther(${lit(params.amount)})`, params.slippage),
    approveRound('deployedContracts.pair_USDT_BUSD', 'deployedContracts.simple_lp_staking', 'minted', { before: MINTED, imports: LOGS }),
    stakeRound('deployedContracts.simple_lp_staking', 'minted', { before: MINTED, imports: LOGS }),
    submit(),
  ],
}));
