import { approveRound, defineCompositeReference, lastQueryResult, latestLogValue, lit, query, submit, swapRound, transferTopics } from 'evm-questbench/composite';

const LOGS = "import { JsonRpcProvider, id, zeroPadValue } from 'ethers';";

/** CAKE the USDT → CAKE swap paid the wallet, from the CAKE/USDT pair's Transfer log. */
const BOUGHT = latestLogValue('bought', 'CAKE', transferTopics('deployedContracts.pair_CAKE_USDT!', 'agentAddress'));

export default defineCompositeReference((params) => ({
  plan: '1. Approve the router for the USDT.\n2. Swap the USDT for CAKE.\n3. Approve the router for the CAKE received.\n4. Swap exactly that CAKE for BUSD via WBNB.\n5. Query the BUSD balance, then submit it.',
  rounds: [
    approveRound('deployedContracts.USDT', 'deployedContracts.router', `parseEther(${lit(params.amount)})`),
    swapRound({ amountIn: `parseEther(${lit(params.amount)})`, path: '[deployedContracts.USDT, deployedContracts.CAKE]', slippage: params.slippage }),
    approveRound('deployedContracts.CAKE', 'deployedContracts.router', 'bought', { before: BOUGHT, imports: LOGS }),
    swapRound({ before: BOUGHT, amountIn: 'bought', path: '[deployedContracts.CAKE, deployedContracts.WBNB, deployedContracts.BUSD]', slippage: params.slippage, imports: LOGS }),
    query({ type: 'token_balance', token: 'BUSD', address: 'agent' }),
    (feedback) => submit({ busd: lastQueryResult(feedback).raw }),
  ],
}));
