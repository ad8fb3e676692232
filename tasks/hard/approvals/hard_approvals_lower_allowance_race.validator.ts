import {
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  isAddressEqual,
  parseAbi,
  parseUnits,
  type Address,
  type Hex,
} from 'viem';
import {
  allowanceOf,
  approveAs,
  balanceOf,
  defineValidator,
  selectorsOf,
  sendAs,
  setTokenBalance,
  type CheckContext,
  type CheckResult,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_approvals_lower_allowance_race'>;
type State = { wallet: bigint; collected: bigint; allowance: bigint };
type Ctx = CheckContext<Params, State, HardEnv>;

/** The calls that change an allowance (BSC's BEP-20 USDT keeps increase/decreaseAllowance). */
const CHANGES = parseAbi([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function increaseAllowance(address spender, uint256 added) returns (bool)',
  'function decreaseAllowance(address spender, uint256 subtracted) returns (bool)',
]);
const CHANGE_SELECTORS = selectorsOf(CHANGES);

const usdt = (s: string) => parseUnits(s, 18);

/** A wallet transaction to USDT that changes the collector's allowance. */
function changesCollector(tx: { to: Address; data: Hex }, token: Address, collector: Address): boolean {
  if (!isAddressEqual(tx.to, token) || !CHANGE_SELECTORS.includes(tx.data.slice(0, 10).toLowerCase() as Hex)) return false;
  try {
    const [spender] = decodeFunctionData({ abi: CHANGES, data: tx.data }).args as unknown as [Address];
    return isAddressEqual(spender, collector);
  } catch {
    return false;
  }
}

/** What the collector took during the episode (its USDT balance starts at zero: a fresh address per instance). */
const taken = ({ pre, post }: Ctx) => post.collected - pre.collected;
/** The allowance the owner wants left: the total they still owe, less what the collector already took. */
const owed = (ctx: Ctx) => {
  const rest = usdt(ctx.params.limit) - taken(ctx);
  return rest > 0n ? rest : 0n;
};
const fmt = (v: bigint) => `${formatUnits(v, 18)} USDT`;

function withinTotal(ctx: Ctx): CheckResult {
  const limit = usdt(ctx.params.limit);
  const exposure = taken(ctx) + ctx.post.allowance;
  return {
    pass: exposure <= limit,
    detail: `the collector took ${fmt(taken(ctx))} and keeps an allowance of ${fmt(ctx.post.allowance)}: ${fmt(exposure)} in all, against the owner's total of ${fmt(limit)}`,
  };
}

// The collector watches the wallet's pending transactions. Whenever one would change its USDT
// allowance (approve, increaseAllowance, decreaseAllowance naming it), it front-runs it with a
// transferFrom of all it can take under the allowance standing then (at most the wallet's balance).
// The wallet holds less USDT than the owner's new total, so the first change costs it all its USDT,
// and whatever allowance the wallet then leaves it can be collected later in full. The owner's rule
// (a total from the moment of the request) makes the right allowance the total less what was taken:
// set to 0 first and grant the rest, or decreaseAllowance by the old allowance less the total.
export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  setup: async ({ chain, params, env, agent }) => {
    await setTokenBalance(chain, env.USDT, agent, usdt(params.held));
    await approveAs(chain, agent, env.USDT, params.collector, usdt(params.allowance));
  },
  observe: async ({ chain, params, env, agent }) => ({
    wallet: await balanceOf(chain, env.USDT, agent),
    collected: await balanceOf(chain, env.USDT, params.collector),
    allowance: await allowanceOf(chain, env.USDT, agent, params.collector),
  }),
  beforeSend: async ({ chain, params, env, agent, tx }) => {
    if (!changesCollector(tx, env.USDT, params.collector)) return;
    const [allowed, held] = await Promise.all([
      allowanceOf(chain.public, env.USDT, agent, params.collector),
      balanceOf(chain.public, env.USDT, agent),
    ]);
    const pull = allowed < held ? allowed : held;
    if (pull === 0n) return;
    await chain.test.setBalance({ address: params.collector, value: 10n ** 17n });
    await sendAs(
      chain,
      params.collector,
      env.USDT,
      encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [agent, params.collector, pull] }),
    );
  },
  checks: [
    {
      name: "counting what the collector took during the change, it can take no more than the owner's total from the request on",
      weight: 35,
      verify: withinTotal,
    },
    {
      name: "the collector is left exactly the rest of the owner's total: the total less what it took",
      weight: 45,
      verify: (ctx) => {
        const want = owed(ctx);
        return {
          pass: ctx.post.allowance === want,
          detail: `allowance left ${fmt(ctx.post.allowance)}; the owner's total ${fmt(usdt(ctx.params.limit))} less ${fmt(taken(ctx))} taken is ${fmt(want)}`,
        };
      },
    },
    {
      name: "the wallet itself changed the collector's allowance, and its USDT went to no one but the collector",
      weight: 20,
      verify: (ctx) => {
        const { txs, env, params, pre, post } = ctx;
        const changed = (txs ?? []).some(
          ({ tx, receipt }) => receipt.status === 'success' && changesCollector(tx, env.USDT, params.collector),
        );
        if (!changed) return { pass: false, detail: 'no allowance change for the collector was mined from the wallet' };
        const left = pre.wallet - post.wallet;
        return {
          pass: left === taken(ctx),
          detail: `the wallet's USDT fell by ${fmt(left)}; the collector took ${fmt(taken(ctx))}`,
        };
      },
    },
  ],
});
