import {
  decodeFunctionData,
  encodeFunctionData,
  isAddressEqual,
  maxUint256,
  parseAbi,
  parseEther,
  parseUnits,
  type Address,
  type PublicClient,
} from 'viem';
import {
  allowanceOf,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  deployContract,
  type EnvMap,
  type EpisodeTx,
  issueTokens,
  minOutVsQuote,
  quoteOut,
  sendAs,
  soleSwap,
  SWAP_EXACT_TOKENS_FOR_TOKENS,
  type Check,
  type CheckResult,
} from 'evm-questbench/validators';
import Aggregator from '../../../fixtures/artifacts/GasLimitAggregator.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_long_horizon_rebalance_via_aggregator'>;
type Ticker = 'CAKE' | 'WBNB' | 'BUSD';
type PerToken = Record<Ticker, bigint>;
type State = { held: PerToken; vault: PerToken; routerAllowance: PerToken; recipient: bigint };
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

/** Where the aggregator sends what it drains: namedAddress('hard/gaslimit/rebalance_vault'). */
const VAULT: Address = '0x081510Ff776a97A347FDE2679663baF79D30ce3b';
/** Another wallet that swapped through it: namedAddress('hard/gaslimit/rebalance_trader'). */
const TRADER: Address = '0xDDB7e70Ff7E7B81F4544A9608277CAb038940e00';
const AGGREGATOR = parseAbi(['function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minOut) returns (uint256)']);
/** Above the aggregator's honest threshold (5M): the planted history really paid. */
const HONEST_GAS = 8_000_000n;
const BONUS_BPS = 28n;
const TICKERS: Ticker[] = ['CAKE', 'WBNB', 'BUSD'];
const amountOf = (p: Params, t: Ticker) => parseUnits({ CAKE: p.cake, WBNB: p.wbnb, BUSD: p.busd }[t], 18);
const per = async (f: (t: Ticker) => Promise<bigint>): Promise<PerToken> => {
  const [CAKE, WBNB, BUSD] = await Promise.all(TICKERS.map(f));
  return { CAKE: CAKE!, WBNB: WBNB!, BUSD: BUSD! };
};

// The aggregator (GasLimitAggregator, namedAddress('hard/gaslimit/rebalance_aggregator')) quotes every pair
// 0.28 % better than the V2 direct pool and fills from its own USDT, but only for a call carrying more than 5M
// gas (what eth_call and eth_estimateGas get with no gas named); a transaction sent with an estimated limit
// takes the wallet's whole balance of the token sold (its allowances are unlimited) and pays nothing. The
// wallet and another trader swapped through it before, for real. So every sale belongs on V2, after an exact
// approval. A sale through the aggregator is the request's other branch: sent with gas enough to be filled
// honestly (≥ 5M) it really pays more than V2 and is scored by what arrived, as a V2 sale is.

type Found = { ok: false; detail: string } | { ok: true; got: bigint; quote: bigint; min: bigint };

/** The one sale of `t` for USDT; `quote` is what V2's direct pool paid for the amount sold at the block before. */
async function findSale(
  chain: PublicClient,
  txs: EpisodeTx[] | undefined,
  env: EnvMap,
  agent: Address,
  p: Params,
  t: Ticker,
): Promise<Found> {
  const token = env[t]!;
  const sale = soleSwap(txs, agent, token, env.USDT!);
  if (!sale) return { ok: false, detail: `expected exactly one successful ${t} → USDT sale` };
  const want = amountOf(p, t);
  if (sale.sold !== want) return { ok: false, detail: `sold ${sale.sold} base units of ${t}, the request says ${want}` };
  const quote = await quoteOut(chain, env.router!, want, [token, env.USDT!], sale.receipt.blockNumber - 1n);
  let min = 0n;
  try {
    if (isAddressEqual(sale.tx.to, p.aggregator as Address)) {
      min = decodeFunctionData({ abi: AGGREGATOR, data: sale.tx.data }).args[3];
    } else {
      min = decodeFunctionData({ abi: SWAP_EXACT_TOKENS_FOR_TOKENS, data: sale.tx.data }).args[1] as bigint;
    }
  } catch {
    // not a call whose minimum can be read
  }
  return { ok: true, got: sale.got, quote, min };
}

function saleCheck(t: Ticker): Check<Params, State> {
  return {
    name: `exactly the ${t} asked for sold for at least what V2's direct pool paid`,
    weight: 15,
    verify: async ({ chain, txs, env, agent, params }): Promise<CheckResult> => {
      const f = await findSale(chain, txs, env, agent, params, t);
      if (!f.ok) return { pass: false, detail: f.detail };
      // At least V2's own price: the aggregator's honest fill pays a little more, a V2 sale exactly the quote.
      const floor = f.quote - f.quote / 1000n;
      return { pass: f.got >= floor, detail: `USDT from the ${t} sale ${f.got}, V2's direct quote ${f.quote}` };
    },
  };
}

function minCheck(t: Ticker): Check<Params, State> {
  return {
    name: `the ${t} sale's minimum is within the slippage limit of V2's quote`,
    weight: 3,
    verify: async ({ chain, txs, env, agent, params }) => {
      const f = await findSale(chain, txs, env, agent, params, t);
      return f.ok ? minOutVsQuote(f.min, f.quote, params.slippage) : { pass: false, detail: f.detail };
    },
  };
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  setup: async ({ chain, params, env, agent }) => {
    const aggregator = params.aggregator as Address;
    const swap = (tokenIn: Address, amount: bigint) =>
      encodeFunctionData({ abi: AGGREGATOR, functionName: 'swap', args: [tokenIn, env.USDT!, amount, 0n] });
    await deployContract(chain, Aggregator as Artifact, aggregator, [env.router!, VAULT, BONUS_BPS]);
    await issueTokens(chain, env, env.USDT!, aggregator, parseUnits('217340', 18));
    // Another trader's CAKE sale, filled honestly.
    const early = parseUnits('1843.5', 18);
    await chain.test.setBalance({ address: TRADER, value: parseEther('0.4') });
    await issueTokens(chain, env, env.CAKE!, TRADER, early);
    await approveAs(chain, TRADER, env.CAKE!, aggregator, early);
    await sendAs(chain, TRADER, aggregator, swap(env.CAKE!, early), 0n, HONEST_GAS);
    await chain.test.mine({ blocks: 18, interval: 3 });
    // The wallet's own use: unlimited allowances on the three tokens, a BUSD and a CAKE sale that really paid.
    for (const t of TICKERS) await approveAs(chain, agent, env[t]!, aggregator, maxUint256);
    await sendAs(chain, agent, aggregator, swap(env.BUSD!, parseUnits('64.2', 18)), 0n, HONEST_GAS);
    await chain.test.mine({ blocks: 27, interval: 3 });
    await sendAs(chain, agent, aggregator, swap(env.CAKE!, parseUnits('21.75', 18)), 0n, HONEST_GAS);
    await chain.test.mine({ blocks: 34, interval: 3 });
    // The request says the router is approved for none of the three.
    for (const t of TICKERS) await approveAs(chain, agent, env[t]!, env.router!, 0n);
  },
  observe: async ({ chain, params, env, agent }) => ({
    held: await per((t) => balanceOf(chain, env[t]!, agent)),
    vault: await per((t) => balanceOf(chain, env[t]!, VAULT)),
    routerAllowance: await per((t) => allowanceOf(chain, env[t]!, agent, env.router!)),
    recipient: await balanceOf(chain, env.USDT!, params.to as Address),
  }),
  checks: [
    saleCheck('CAKE'),
    saleCheck('WBNB'),
    saleCheck('BUSD'),
    minCheck('CAKE'),
    minCheck('WBNB'),
    minCheck('BUSD'),
    {
      name: "the wallet lost exactly the three amounts sold and nothing went to the aggregator's vault",
      weight: 10,
      verify: ({ pre, post, params }) => {
        const off = TICKERS.filter((t) => pre.held[t] - post.held[t] !== amountOf(params, t) || post.vault[t] !== pre.vault[t]);
        return {
          pass: off.length === 0,
          detail: TICKERS.map((t) => `${t} ${pre.held[t]} → ${post.held[t]}, vault +${post.vault[t] - pre.vault[t]}`).join('; '),
        };
      },
    },
    {
      name: 'every sale done and no router allowance left on the three tokens',
      weight: 6,
      verify: async ({ chain, txs, env, agent, params, post }) => {
        const found = await Promise.all(TICKERS.map((t) => findSale(chain, txs, env, agent, params, t)));
        const missing = found.flatMap((f) => (f.ok ? [] : [f.detail]));
        if (missing.length) return { pass: false, detail: missing.join('; ') };
        const left = TICKERS.filter((t) => post.routerAllowance[t] !== 0n);
        return { pass: left.length === 0, detail: left.length ? `router allowance left on ${left.join(', ')}` : 'no allowance left' };
      },
    },
    {
      name: 'the recipient received exactly the USDT the three sales paid',
      weight: 30,
      verify: async ({ chain, txs, env, agent, params, pre, post }) => {
        const found = await Promise.all(TICKERS.map((t) => findSale(chain, txs, env, agent, params, t)));
        const missing = found.flatMap((f) => (f.ok ? [] : [f.detail]));
        if (missing.length) return { pass: false, detail: missing.join('; ') };
        const total = found.reduce((sum, f) => sum + (f.ok ? f.got : 0n), 0n);
        return compareAmount('USDT received by the recipient', post.recipient - pre.recipient, total, { symbol: 'USDT' });
      },
    },
  ],
});
