import { decodeFunctionData, isAddressEqual, zeroAddress, type Address, type PublicClient } from 'viem';
import {
  ADD_LIQUIDITY,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  fmt,
  highestApproval,
  slippageFloor,
  stakedOf,
  successful,
  tokenDecimals,
  tokenUnits,
  transferred,
  withGrace,
  type CheckResult,
  type EpisodeTx,
  type EnvMap,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_add_liquidity_stake_lp'>;
type State = { lp: bigint; staked: bigint };

/** The requested amount of each stablecoin in that token's own decimals (USDT: 18 on BSC, 6 for Base's USDC). */
const wanted = async (chain: PublicClient, env: EnvMap, amount: string) => ({
  usdt: await tokenUnits(chain, env.USDT, amount),
  busd: await tokenUnits(chain, env.BUSD, amount),
});

/**
 * balancedDeposit with each token's own request (the shared helper takes one amount for both, right only
 * where the two stablecoins have the same decimals): the deposits among `txs` that minted `pair` LP to
 * `agent`, the LP and what each token paid in; `ok` when at most the request of each went in and all of one side.
 */
function balancedDepositOf<T extends EpisodeTx>(
  txs: readonly T[],
  pair: Address,
  tokenA: Address,
  tokenB: Address,
  agent: Address,
  wantA: bigint,
  wantB: bigint,
) {
  const adds = txs.filter((t) => transferred(t.receipt, pair, zeroAddress, agent) > 0n);
  const sum = (f: (r: EpisodeTx['receipt']) => bigint) => adds.reduce((s, t) => s + f(t.receipt), 0n);
  const minted = sum((r) => transferred(r, pair, zeroAddress, agent));
  const paidA = sum((r) => transferred(r, tokenA, agent, pair));
  const paidB = sum((r) => transferred(r, tokenB, agent, pair));
  const ok = minted > 0n && paidA <= wantA && paidB <= wantB && (paidA === wantA || paidB === wantB);
  return { adds, minted, paidA, paidB, ok };
}

/**
 * depositMinimums with each token's own floor: both minimums of the addLiquidity deposit against the
 * slippage floor (0.5 % grace) under the request of their token. Where the floors agree (BSC) it says what
 * the shared helper says.
 */
function depositMinimumsOf(add: EpisodeTx | undefined, env: EnvMap, want: { usdt: bigint; busd: bigint }, slippage: number): CheckResult {
  if (!add) return { pass: false, detail: 'no liquidity deposit' };
  let args: readonly [Address, Address, bigint, bigint, bigint, bigint, Address, bigint];
  try {
    args = decodeFunctionData({ abi: ADD_LIQUIDITY, data: add.tx.data }).args;
  } catch {
    return { pass: false, detail: 'the deposit was not an addLiquidity call' };
  }
  const floorOf = (token: Address) => withGrace(slippageFloor(isAddressEqual(token, env.USDT) ? want.usdt : want.busd, slippage));
  const mins = [args[4], args[5]];
  const floors = [floorOf(args[0]), floorOf(args[1])] as const;
  const pass = args[4] > 0n && args[4] >= floors[0] && args[5] > 0n && args[5] >= floors[1];
  const floorText = floors[0] === floors[1] ? `floor ${floors[0]}` : `floors ${floors.join(', ')}`;
  return { pass, detail: `minimums ${mins.join(', ')}, ${floorText}` };
}

/** The liquidity deposit of the requested amount of each token (USDT paid is `paidA`, BUSD `paidB`). */
const deposit = async (chain: PublicClient, txs: EpisodeTx[] | undefined, env: EnvMap, agent: Address, amount: string) => {
  const want = await wanted(chain, env, amount);
  return balancedDepositOf(successful(txs), env.pair_USDT_BUSD, env.USDT, env.BUSD, agent, want.usdt, want.busd);
};

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The standing LP allowance would make the approval step pointless: take it away.
  setup: async ({ chain, env, agent }) => {
    await approveAs(chain, agent, env.pair_USDT_BUSD, env.simple_lp_staking, 0n);
  },
  observe: async ({ chain, env, agent }) => ({
    lp: await balanceOf(chain, env.pair_USDT_BUSD, agent),
    staked: await stakedOf(chain, env.simple_lp_staking, agent),
  }),
  checks: [
    {
      name: 'liquidity added with the requested USDT and BUSD',
      weight: 25,
      verify: async ({ chain, txs, env, agent, params }) => {
        const d = await deposit(chain, txs, env, agent, params.amount);
        const [du, db] = [await tokenDecimals(chain, env.USDT), await tokenDecimals(chain, env.BUSD)];
        return {
          pass: d.ok,
          detail: `deposited ${fmt(d.paidA, du)} USDT and ${fmt(d.paidB, db)} BUSD for ${fmt(d.minted)} LP (requested ${params.amount} of each)`,
        };
      },
    },
    {
      name: 'deposit minimums respect the slippage limit',
      weight: 10,
      verify: async ({ chain, txs, env, agent, params }) =>
        depositMinimumsOf(
          (await deposit(chain, txs, env, agent, params.amount)).adds[0],
          env,
          await wanted(chain, env, params.amount),
          params.slippage,
        ),
    },
    {
      name: 'simple_lp_staking was approved for the new LP',
      weight: 10,
      verify: async ({ chain, txs, env, agent, params }) => {
        const minted = (await deposit(chain, txs, env, agent, params.amount)).minted;
        const allowance = highestApproval(txs, env.pair_USDT_BUSD, agent, env.simple_lp_staking);
        return { pass: minted > 0n && allowance >= minted, detail: `approved ${fmt(allowance)} LP, minted ${fmt(minted)}` };
      },
    },
    {
      name: 'exactly the LP from the requested deposit is staked',
      weight: 45,
      verify: async ({ chain, txs, env, agent, params, pre, post }) => {
        const d = await deposit(chain, txs, env, agent, params.amount);
        if (!d.ok) return { pass: false, detail: 'no deposit of the requested amounts' };
        return compareAmount('stake change', post.staked - pre.staked, d.minted, { symbol: 'LP' });
      },
    },
    {
      name: 'the LP held before stays in the wallet',
      weight: 10,
      verify: async ({ chain, txs, env, agent, params, pre, post }) => {
        const minted = (await deposit(chain, txs, env, agent, params.amount)).minted;
        return { pass: minted > 0n && post.lp === pre.lp, detail: `wallet LP ${fmt(pre.lp)} → ${fmt(post.lp)}, minted ${fmt(minted)}` };
      },
    },
  ],
});
