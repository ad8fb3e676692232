import { parseAbi, parseUnits, type Address, type PublicClient } from 'viem';
import {
  callsFunction,
  compareAmount,
  defineValidator,
  setPairBalances,
  succeeded,
  transferSides,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_units_pay_usd_worth_wbtc'>;
type State = { agent: bigint; recipient: bigint; due: bigint };

const PAIR = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)', 'function token0() view returns (address)']);

/** What the request asks for at the pair's reserves: USD (18-decimal USDT) × reserveWBTC / reserveUSDT. */
async function due(chain: PublicClient, pair: Address, wbtc: Address, usd: string) {
  const [[r0, r1], token0] = await Promise.all([
    chain.readContract({ address: pair, abi: PAIR, functionName: 'getReserves' }),
    chain.readContract({ address: pair, abi: PAIR, functionName: 'token0' }),
  ]);
  const [rWbtc, rUsdt] = token0.toLowerCase() === wbtc.toLowerCase() ? [r0, r1] : [r1, r0];
  return (parseUnits(usd, 18) * rWbtc) / rUsdt;
}

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.WBTC,
  // The pair trades away from the 95,000 USD the token table quotes, so only a price read now is right.
  setup: async ({ chain, env }) =>
    setPairBalances(chain, env.pair_WBTC_USDT, [
      [env.WBTC, 291_734_561n],
      [env.USDT, parseUnits('285000', 18)],
    ]),
  observe: async ({ chain, env, params, agent }) => ({
    ...(await transferSides(chain, env.WBTC, agent, params.to)),
    due: await due(chain, env.pair_WBTC_USDT, env.WBTC, params.usd),
  }),
  checks: [
    succeeded(5, 'the transfer went through'),
    callsFunction(5, 'transfer(address,uint256)'),
    {
      name: 'the recipient received exactly the dollar amount in WBTC at the pair price',
      weight: 65,
      verify: ({ pre, post }) => compareAmount('received', post.recipient - pre.recipient, pre.due, { decimals: 8, symbol: 'WBTC' }),
    },
    {
      name: 'the wallet paid exactly that',
      weight: 25,
      verify: ({ pre, post }) => compareAmount('sent', pre.agent - post.agent, pre.due, { decimals: 8, symbol: 'WBTC' }),
    },
  ],
});
