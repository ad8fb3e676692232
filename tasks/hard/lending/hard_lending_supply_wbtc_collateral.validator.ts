import { parseUnits } from 'viem';
import {
  allowanceOf,
  approvalCalls,
  balanceOf,
  borrowLiquidity,
  compareAmount,
  defineValidator,
  isMember,
  underlyingPrice,
  venusPosition,
  type VenusPosition,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_lending_supply_wbtc_collateral'>;
type State = {
  wbtc: bigint;
  supply: VenusPosition;
  member: boolean;
  liquidity: bigint;
  allowance: bigint;
  bnb: VenusPosition;
  cf: bigint;
  price: bigint;
};

const ONE = 10n ** 18n;
const amount = (p: Params) => parseUnits(p.amount, 8);

export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  observe: async ({ chain, env, agent }) => {
    const [, cf] = await chain.readContract({
      address: env.venus_comptroller,
      abi: [
        {
          type: 'function',
          name: 'markets',
          stateMutability: 'view',
          inputs: [{ type: 'address' }],
          outputs: [{ type: 'bool' }, { type: 'uint256' }],
        },
      ] as const,
      functionName: 'markets',
      args: [env.vWBTC],
    });
    return {
      wbtc: await balanceOf(chain, env.WBTC, agent),
      supply: await venusPosition(chain, env.vWBTC, agent),
      member: await isMember(chain, env.venus_comptroller, agent, env.vWBTC),
      liquidity: (await borrowLiquidity(chain, env.venus_comptroller, agent)).liquidity,
      allowance: await allowanceOf(chain, env.WBTC, agent, env.vWBTC),
      bnb: await venusPosition(chain, env.vBNB, agent),
      cf,
      price: await underlyingPrice(chain, env.venus_oracle, env.vWBTC),
    };
  },
  checks: [
    {
      name: 'exactly the WBTC asked for left the wallet and is supplied on Venus',
      weight: 25,
      verify: ({ pre, post, params }) =>
        compareAmount('WBTC paid', pre.wbtc - post.wbtc, amount(params), { symbol: 'WBTC', decimals: 8 }).pass
          ? compareAmount('WBTC supplied', post.supply.supplied - pre.supply.supplied, amount(params), {
              abs: 2n,
              symbol: 'WBTC',
              decimals: 8,
            })
          : compareAmount('WBTC paid', pre.wbtc - post.wbtc, amount(params), { symbol: 'WBTC', decimals: 8 }),
    },
    {
      // Entered, and the borrow limit grew by supply × price × collateral factor.
      name: 'the WBTC supply counts as collateral',
      weight: 45,
      verify: ({ pre, post, params }) => {
        if (!post.member) return { pass: false, detail: 'vWBTC is not entered: the supply backs no borrowing' };
        const gain = (((amount(params) * post.price) / ONE) * post.cf) / ONE;
        return compareAmount('borrow limit gained (USD × 1e18)', post.liquidity - pre.liquidity, gain, { rel: 1e-4 });
      },
    },
    {
      name: 'the approval was exact and nothing of it is left',
      weight: 20,
      verify: ({ pre, post, txs, env, params }) => {
        if (post.supply.vTokens === pre.supply.vTokens) return { pass: false, detail: 'nothing was supplied' };
        const grants = approvalCalls(txs, env.WBTC, env.vWBTC).map((g) => g.amount);
        const over = grants.find((g) => g > amount(params));
        if (over !== undefined) return { pass: false, detail: `approved ${over} base units, more than the deposit` };
        return { pass: post.allowance === 0n, detail: `allowance left ${post.allowance}` };
      },
    },
    {
      name: 'the BNB supply is untouched',
      weight: 10,
      verify: ({ pre, post }) => ({
        pass: post.supply.vTokens > pre.supply.vTokens && post.bnb.vTokens === pre.bnb.vTokens && post.bnb.borrow === 0n,
        detail: `WBTC supplied ${post.supply.vTokens > pre.supply.vTokens}; ${post.bnb.vTokens} vBNB, debt ${post.bnb.borrow}`,
      }),
    },
  ],
});
