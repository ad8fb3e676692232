import { parseEther, type Address } from 'viem';
import { holdingsOn } from 'evm-questbench/validators';
import {
  defineCompositeReference,
  lastChange,
  lastQueryResult,
  query,
  read,
  receivedInLatestBlock,
  script,
  submit,
  unwrap,
  defined,
} from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_remove_liquidity_unwrap'>;

const reference = defineCompositeReference((params: Params, env, chain) => ({
  plan: '1. removeLiquidity(WBNB, USDT, percent of my LP, mins, me): paid as WBNB + USDT.\n2. WBNB.withdraw(the WBNB that removal paid me).\n3. Query my WBNB balance.\nThen submit it.',
  rounds: [
    script(
      async (
        { viem: { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi }, providerUrl, agentAddress, deployedContracts },
        a,
      ) => {
        const client = createPublicClient({ transport: http(providerUrl) });
        const { WBNB: wbnb, USDT: usdt, pair_WBNB_USDT: pair, router } = deployedContracts;
        const balance = (token: Address, who: Address) =>
          client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
        const lp = await balance(pair, agentAddress);
        const liquidity = (lp * BigInt(a.percent)) / 100n;
        const supply = await client.readContract({ address: pair, abi: erc20Abi, functionName: 'totalSupply' });
        const keep = BigInt(100 - a.slippage);
        const minW = (((liquidity * (await balance(wbnb, pair))) / supply) * keep) / 100n;
        const minU = (((liquidity * (await balance(usdt, pair))) / supply) * keep) / 100n;
        const { timestamp } = await client.getBlock();
        const abi = parseAbi([
          'function removeLiquidity(address, address, uint256, uint256, uint256, address, uint256) returns (uint256, uint256)',
        ]);
        return {
          to: router,
          data: encodeFunctionData({
            abi,
            functionName: 'removeLiquidity',
            args: [wbnb, usdt, liquidity, minW, minU, agentAddress, timestamp + 600n],
          }),
        };
      },
      { percent: params.percent, slippage: params.slippage },
    ),
    // The WBNB the removal paid: its Transfer to the wallet in the latest block.
    script(unwrap, { amount: read(receivedInLatestBlock, { token: env.WBNB }) }),
    query({ type: 'token_balance', token: 'WBNB', address: 'agent' }),
    // Only the removal's WBNB was unwrapped: the holding is back to the starting WBNB plus the planted deposit.
    submit({ wbnbBalance: (holdingsOn(chain).wrapped + parseEther(params.plantedWbnb)).toString() }),
  ],
}));

export default reference;

/**
 * Every step the request asks for, one round each, written from what the rounds showed: the unwrap
 * takes the WBNB the removal's feedback reported, the answer is the balance the query returned.
 */
export const literal = defineCompositeReference((params: Params, env, chain) => {
  const { plan, rounds } = reference(params, env, chain);
  const unwrapReported = (feedback: readonly string[]) => script(unwrap, { amount: lastChange(feedback, 'WBNB') });
  return {
    plan,
    rounds: [
      defined(rounds[0], 'the reference round 1'),
      unwrapReported,
      defined(rounds[2], 'the reference round 3'),
      (feedback) => submit({ wbnbBalance: lastQueryResult(feedback, { type: 'token_balance' }).raw }),
    ],
  };
});
