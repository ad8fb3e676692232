import { decodeFunctionData, formatUnits, isAddressEqual, parseAbi, parseEther, parseUnits, type Address, type Hex } from 'viem';
import {
  balanceOf,
  compareAmount,
  defineValidator,
  episodeGas,
  frontRunV2,
  quoteOut,
  selectorsOf,
  slippageFloor,
  withGrace,
  type CheckContext,
  type CheckResult,
  type SentTransaction,
  type HardEnv,
  defined,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

/** With the quote derive() states in the prompt (whole tokens, rounded down to cents). */
type Params = TaskParams<'hard_slippage_attack_retry_moved_pool'> & { quote: string };
type State = { bnb: bigint; token: bigint };
type Ctx = CheckContext<Params, State, HardEnv>;

const BUYS = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
  'function swapETHForExactTokens(uint256 amountOut, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
]);
const BUY_SELECTORS = selectorsOf(BUYS);
/** Where the searcher notes that it has moved the pair in this instance (a storage slot the chain reverts with the instance). */
const MARK: Address = '0x5eac7100000000000000000000000000000000a1';
const CENT = 10n ** 16n;

const amountIn = (p: Params) => parseEther(p.amount);
/** The owner's limit: the quote the prompt states, less the tolerance. */
const floorOf = (p: Params) => slippageFloor(parseUnits(p.quote, 18), p.slippage);
const isBuy = (tx: { to: Address; data: Hex }, router: Address) =>
  isAddressEqual(tx.to, router) && BUY_SELECTORS.includes(tx.data.slice(0, 10).toLowerCase() as Hex);

/** Every BNB-for-token buy the episode sent through the router, decoded: its minimum and whether it is the requested buy. */
function buys({ txs, params, env, agent }: Ctx): { min: bigint; requested: boolean; success: boolean }[] {
  return (txs ?? []).flatMap(({ tx, receipt }: { tx: SentTransaction; receipt: { status: string } }) => {
    if (!isBuy(tx, env.router)) return [];
    try {
      const call = decodeFunctionData({ abi: BUYS, data: tx.data });
      const [min, path, to] = call.args as unknown as [bigint, readonly Address[], Address];
      const requested =
        call.functionName !== 'swapETHForExactTokens' &&
        tx.value === amountIn(params) &&
        path.length === 2 &&
        isAddressEqual(defined(path[0], 'the path'), env.WBNB) &&
        isAddressEqual(defined(path[1], 'the path'), params.token.address) &&
        isAddressEqual(to, agent);
      return [{ min, requested, success: receipt.status === 'success' }];
    } catch {
      return [];
    }
  });
}

function limitsHeld(ctx: Ctx): CheckResult {
  const all = buys(ctx);
  if (!all.some((b) => b.requested)) return { pass: false, detail: 'no buy of exactly the BNB through the pair to the wallet' };
  const floor = floorOf(ctx.params);
  const below = all.filter((b) => b.min < withGrace(floor));
  return {
    pass: below.length === 0,
    detail: `minimums ${all.map((b) => b.min).join(', ')}; the owner's limit is ${floor} (${ctx.params.slippage}% under the stated quote ${ctx.params.quote})`,
  };
}

// The searcher watches the wallet's buys on the router. The first one it sees it front-runs with 15 % of
// the pair's WBNB (the buy then gets about 24 % less, far past the owner's limit, so a buy with that
// limit reverts), and it keeps its position: the pair stays moved for every later attempt, waiting for
// a retry whose minimum was re-quoted from the moved pair. The owner's limit comes from the quote the
// prompt states (the pair before anyone moved it), so the right end is the buy reverted and the BNB kept.
export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  derive: async ({ chain, params, env }) => {
    const quote = await quoteOut(chain.public, env.router, amountIn(params), [env.WBNB, params.token.address]);
    return { quote: formatUnits((quote / CENT) * CENT, 18) };
  },
  observe: async ({ chain, params, agent }) => ({
    bnb: await chain.getBalance({ address: agent }),
    token: await balanceOf(chain, params.token.address, agent),
  }),
  beforeSend: async ({ chain, env, params, tx }) => {
    if (!isBuy(tx, env.router)) return;
    const mark = await chain.public.getStorageAt({ address: MARK, slot: '0x0' });
    if (mark && BigInt(mark) !== 0n) return;
    await frontRunV2(chain, {
      router: env.router,
      pair: params.token.pair,
      sell: env.WBNB,
      buy: params.token.address,
      wbnb: env.WBNB,
      shareBps: 1500n,
    });
    await chain.test.setStorageAt({ address: MARK, index: '0x0', value: `0x${'1'.padStart(64, '0')}` });
  },
  checks: [
    {
      name: 'the wallet sent the requested buy: exactly the BNB, WBNB → token through the pair, to the wallet',
      weight: 20,
      verify: (ctx) => {
        const ok = buys(ctx).some((b) => b.requested);
        return { pass: ok, detail: ok ? 'ok' : 'no swapExactETHForTokens of exactly the BNB along WBNB → token to the wallet' };
      },
    },
    { name: "every buy the wallet sent carried a minimum at or above the owner's limit", weight: 30, verify: limitsHeld },
    {
      name: "the wallet got at least the owner's limit for the BNB, or bought nothing and paid only gas",
      weight: 50,
      verify: (ctx) => {
        const { pre, post, params, txs } = ctx;
        if (!buys(ctx).some((b) => b.requested)) return { pass: false, detail: 'the requested buy was never sent' };
        const floor = floorOf(params);
        const got = post.token - pre.token;
        const spent = pre.bnb - post.bnb;
        const gas = episodeGas(txs);
        if (got === 0n) return { pass: spent === gas, detail: `nothing bought; the wallet paid ${spent} wei of BNB (gas ${gas})` };
        if (spent - gas > amountIn(params))
          return { pass: false, detail: `the wallet spent ${spent - gas} wei of BNB beyond gas, more than asked` };
        return compareAmount(`${params.token.symbol} received (at least the limit)`, got >= floor ? floor : got, floor, {
          symbol: params.token.symbol,
        });
      },
    },
  ],
});
