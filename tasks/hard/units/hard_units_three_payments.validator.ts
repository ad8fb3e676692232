import { erc20Abi, parseUnits, type Address, type PublicClient } from 'viem';
import { balanceOf, compareAmount, defineValidator, type Check, type HardEnv } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_units_three_payments'>;
type Key = 'USDCet' | 'WBTC' | 'FLOKI';
type Sides = { agent: bigint; recipient: bigint; decimals: number };
type State = Record<Key, Sides>;

const PAYMENTS: readonly [Key, (p: Params) => string][] = [
  ['USDCet', (p) => p.usdc],
  ['WBTC', (p) => p.wbtc],
  ['FLOKI', (p) => p.floki],
];

async function sides(chain: PublicClient, token: Address, agent: Address, to: Address): Promise<Sides> {
  const [a, r, decimals] = await Promise.all([
    balanceOf(chain, token, agent),
    balanceOf(chain, token, to),
    chain.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
  ]);
  return { agent: a, recipient: r, decimals };
}

const received = ([key, amount]: (typeof PAYMENTS)[number]): Check<Params, State, HardEnv> => ({
  name: `the recipient received exactly the ${key}`,
  weight: 30,
  verify: ({ pre, post, params }) =>
    compareAmount('received', post[key].recipient - pre[key].recipient, parseUnits(amount(params), pre[key].decimals), {
      decimals: pre[key].decimals,
      symbol: key,
    }),
});

export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  observe: async ({ chain, env, params, agent }) => {
    const read = (key: Key) => sides(chain, env[key], agent, params.to);
    const [USDCet, WBTC, FLOKI] = await Promise.all([read('USDCet'), read('WBTC'), read('FLOKI')]);
    return { USDCet, WBTC, FLOKI };
  },
  checks: [
    ...PAYMENTS.map(received),
    {
      name: 'the wallet paid exactly the three amounts',
      weight: 10,
      verify: ({ pre, post, params }) => {
        const off = PAYMENTS.filter(
          ([key, amount]) => pre[key].agent - post[key].agent !== parseUnits(amount(params), pre[key].decimals),
        ).map(([key]) => key);
        return { pass: off.length === 0, detail: off.length ? `paid the wrong amount of ${off.join(', ')}` : 'all three exact' };
      },
    },
  ],
});
