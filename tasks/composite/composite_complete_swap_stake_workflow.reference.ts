import { approveRound, defineCompositeReference, lastQueryResult, latestLogValue, lit, query, stakeRound, submit, swapRound, transferTopics } from 'evm-questbench/composite';

const LOGS = "import { JsonRpcProvider, id, zeroPadValue } from 'ethers';";

/** CAKE the USDT → CAKE swap paid the wallet, from the CAKE/USDT pair's Transfer log. */
const SWAPPED = latestLogValue('got', 'CAKE', transferTopics('deployedContracts.pair_CAKE_USDT!', 'agentAddress'));

export default defineCompositeReference((params) => ({
  plan: '1. Query the USDT balance.\n2. Approve the router for the USDT.\n3. swapExactTokensForTokens USDT → CAKE with the slippage floor.\n4. Approve simple_staking for the CAKE received.\n5. Stake that CAKE.\n6. Query the stake, then submit both values.',
  rounds: [
    query({ type: 'token_balance', token: 'USDT', address: 'agent' }),
    approveRound('deployedContracts.USDT', 'deployedContracts.router', `parseEther(${lit(params.amount_usdt)})`),
    swapRound({ amountIn: `parseEther(${lit(params.amount_usdt)})`, path: '[deployedContracts.USDT, deployedContracts.CAKE]', slippage: params.slippage }),
    approveRound('deployedContracts.CAKE', 'deployedContracts.simple_staking', 'got', { before: SWAPPED, imports: LOGS }),
    stakeRound('deployedContracts.simple_staking', 'got', { before: SWAPPED, imports: LOGS }),
    query({ type: 'staked_amount', pool: 'simple_staking', address: 'agent' }),
    (feedback) =>
      submit({
        usdtBefore: lastQueryResult(feedback, { type: 'token_balance' }).raw,
        stakedAfter: lastQueryResult(feedback, { type: 'staked_amount' }).raw,
      }),
  ],
}));
