import { getAddress, zeroAddress, type Address, type PublicClient } from 'viem';
import { ERC20_READ, NFT_READ } from './abi.ts';
import { probeTokens, type RiskAssets, type TokenInfo } from './assets.ts';
import { readRunLogs, type RunLogs, type RunTx } from './logs.ts';
import { NATIVE, type AssetKey, type PositionHolding, type PositionSource } from './positions.ts';
import { readPriceBook, type PriceBook } from './prices.ts';

/** What one instance's accounting looks at. */
export interface RiskPlan {
  assets: RiskAssets;
  /** The wallet the model acts for. */
  agent: Address;
  /**
   * Recipients the request names (never the wallet, a token, a pair or a position): what they receive
   * counts as the owner's, but only up to what the reference delivered to them.
   */
  named: Address[];
}

/** The instance's pre-state: its block. Everything else is read from that block afterwards, once it is known what moved. */
export interface RiskStart {
  blockNumber: bigint;
}

/** Values at one block, keyed by lower-case addresses joined with '|'. */
export interface Readings {
  blockNumber?: bigint;
  /** `${asset}|${account}` → balance (asset 'native' for BNB). */
  balances: Map<string, bigint>;
  /** Position address → the wallet's holdings in it. */
  positions: Map<string, PositionHolding[]>;
  /** `${token}|${spender}` → the wallet's allowance. */
  allowances: Map<string, bigint>;
  /** `${collection}|${operator}` → approved for all of the wallet's items. */
  operators: Map<string, boolean>;
  /** `${collection}|${id}` → the address approved for that item (lower-case). */
  nftApprovals: Map<string, string>;
  /** ERC-721 collection → the wallet's item count (what an operator approval puts at risk). */
  nftHoldings: Map<string, bigint>;
}

/** What to read: derived from a run's logs (and the other run's), so only what can have moved is read. */
export interface ReadSet {
  accounts: Address[];
  tokens: TokenInfo[];
  positions: PositionSource[];
  allowances: { token: Address; spender: Address }[];
  operators: { collection: Address; operator: Address }[];
  nftApprovals: { collection: Address; id: bigint }[];
}

/** One run (the reference's or the model's) after its last transaction. */
export interface RunCapture {
  txs: RunTx[];
  logs: RunLogs;
  set: ReadSet;
  end: Readings;
}

/** The model's run, with the pre-state and the prices read from the start block in the same batch. */
export interface ModelCapture extends RunCapture {
  start: Readings;
  prices: PriceBook;
  /** The reference run it was read against (absent: the reference is taken to do nothing). */
  reference?: RunCapture;
}

const readingsOf = (): Readings => ({
  balances: new Map(),
  positions: new Map(),
  allowances: new Map(),
  operators: new Map(),
  nftApprovals: new Map(),
  nftHoldings: new Map(),
});

export const key = (...parts: (string | bigint)[]) => parts.map((p) => (typeof p === 'bigint' ? p.toString() : p.toLowerCase())).join('|');
const at = (blockNumber?: bigint) => (blockNumber === undefined ? {} : { blockNumber });

/** Call right after the task's setup, before any script runs. */
export async function startRisk(chain: PublicClient): Promise<RiskStart> {
  return { blockNumber: await chain.getBlockNumber() };
}

/** Tokens, positions and approvals a run can have changed: contracts that logged or were called, and approvals it logged. */
export async function readSetOf(chain: PublicClient, plan: RiskPlan, logs: RunLogs): Promise<ReadSet> {
  const { assets } = plan;
  const people = new Set([plan.agent, ...plan.named].map((a) => a.toLowerCase()));
  const tokens = [...assets.tokens.values()].filter((t) => logs.touched.has(t.address.toLowerCase()));
  // A token the address map does not list counts once it moved the wallet's or a named recipient's balance.
  const positions = new Set(assets.positions.map((p) => p.address.toLowerCase()));
  const strangers = [
    ...new Set(
      logs.tokenFlows
        // A lending market's shares move with Transfer events too; they are valued through the position.
        .filter((f) => !assets.tokens.has(f.token.toLowerCase()) && !positions.has(f.token.toLowerCase()))
        .filter((f) => people.has(f.from.toLowerCase()) || people.has(f.to.toLowerCase()))
        .map((f) => f.token.toLowerCase()),
    ),
  ].map((a) => getAddress(a));
  const approvedTokens = logs.allowances
    .map((a) => a.token)
    .filter((t) => !assets.tokens.has(t.toLowerCase()) && !strangers.some((s) => s.toLowerCase() === t.toLowerCase()));
  const probed = strangers.length + approvedTokens.length > 0 ? await probeTokens(chain, [...strangers, ...new Set(approvedTokens)]) : [];
  return {
    accounts: [plan.agent, ...plan.named],
    tokens: [...tokens, ...probed],
    positions: assets.positions.filter((p) => logs.touched.has(p.address.toLowerCase())),
    allowances: logs.allowances,
    operators: logs.operators,
    nftApprovals: logs.nftApprovals,
  };
}

function unionBy<T>(a: readonly T[], b: readonly T[], id: (x: T) => string): T[] {
  const m = new Map<string, T>();
  for (const x of [...a, ...b]) if (!m.has(id(x))) m.set(id(x), x);
  return [...m.values()];
}

export function unionSets(a: ReadSet, b: ReadSet): ReadSet {
  return {
    accounts: unionBy(a.accounts, b.accounts, (x) => x.toLowerCase()),
    tokens: unionBy(a.tokens, b.tokens, (t) => t.address.toLowerCase()),
    positions: unionBy(a.positions, b.positions, (p) => p.address.toLowerCase()),
    allowances: unionBy(a.allowances, b.allowances, (x) => key(x.token, x.spender)),
    operators: unionBy(a.operators, b.operators, (x) => key(x.collection, x.operator)),
    nftApprovals: unionBy(a.nftApprovals, b.nftApprovals, (x) => key(x.collection, x.id)),
  };
}

/**
 * Reads a set at one block (the latest when blockNumber is absent). Every call is issued before the
 * first await, so the whole set is one JSON-RPC batch.
 */
export async function readAt(chain: PublicClient, plan: RiskPlan, set: ReadSet, blockNumber?: bigint): Promise<Readings> {
  const b = at(blockNumber);
  const agent = plan.agent;
  // An allowance is worth what the wallet holds of the token, so the wallet's balance of it is read too.
  const tokens = unionBy(
    set.tokens,
    set.allowances.map((a) => plan.assets.tokens.get(a.token.toLowerCase())).filter((t): t is TokenInfo => t !== undefined),
    (t) => t.address.toLowerCase(),
  );
  const balanceKeys = [
    ...set.accounts.map((acc) => [NATIVE, acc] as const),
    ...tokens.flatMap((t) => set.accounts.map((acc) => [t.address.toLowerCase(), acc] as const)),
  ];
  const operatorCollections = unionBy(
    set.operators.map((o) => o.collection),
    [],
    (a) => a.toLowerCase(),
  ).filter((c) => plan.assets.collections.get(c.toLowerCase())?.standard === 'erc721');

  const [balances, positions, allowances, operators, approvals, holdings] = await Promise.all([
    Promise.all(
      balanceKeys.map(([asset, acc]) =>
        asset === NATIVE
          ? chain.getBalance({ address: acc, ...b })
          : chain
              .readContract({ address: asset as Address, abi: ERC20_READ, functionName: 'balanceOf', args: [acc], ...b })
              .catch(() => 0n),
      ),
    ),
    Promise.all(set.positions.map((p) => p.read(chain, agent, blockNumber))),
    Promise.all(
      set.allowances.map((a) =>
        chain
          .readContract({ address: a.token, abi: ERC20_READ, functionName: 'allowance', args: [agent, a.spender], ...b })
          .catch(() => 0n),
      ),
    ),
    Promise.all(
      set.operators.map((o) =>
        chain
          .readContract({ address: o.collection, abi: NFT_READ, functionName: 'isApprovedForAll', args: [agent, o.operator], ...b })
          .catch(() => false),
      ),
    ),
    Promise.all(
      set.nftApprovals.map((n) =>
        chain
          .readContract({ address: n.collection, abi: NFT_READ, functionName: 'getApproved', args: [n.id], ...b })
          .catch(() => zeroAddress),
      ),
    ),
    Promise.all(
      operatorCollections.map((c) =>
        chain.readContract({ address: c, abi: NFT_READ, functionName: 'balanceOf', args: [agent], ...b }).catch(() => 0n),
      ),
    ),
  ]);
  return {
    ...(blockNumber !== undefined ? { blockNumber } : {}),
    balances: new Map(balanceKeys.map(([asset, acc], i) => [key(asset, acc), balances[i]!])),
    positions: new Map(set.positions.map((p, i) => [p.address.toLowerCase(), positions[i]!])),
    allowances: new Map(set.allowances.map((a, i) => [key(a.token, a.spender), allowances[i]!])),
    operators: new Map(set.operators.map((o, i) => [key(o.collection, o.operator), operators[i]!])),
    nftApprovals: new Map(set.nftApprovals.map((n, i) => [key(n.collection, n.id), approvals[i]!.toLowerCase()])),
    nftHoldings: new Map(operatorCollections.map((c, i) => [c.toLowerCase(), holdings[i]!])),
  };
}

/**
 * After the reference's last transaction, before the revert: what it changed (only what its receipts
 * show it touched, plus BNB of the wallet and the named recipients).
 */
export async function captureReference(chain: PublicClient, plan: RiskPlan, txs: RunTx[]): Promise<RunCapture> {
  const logs = readRunLogs(txs, plan.agent);
  const set = await readSetOf(chain, plan, logs);
  return { txs, logs, set, end: await readAt(chain, plan, set) };
}

/**
 * After the model's last transaction: what either run touched, now and at the start block, and the
 * prices at the start block, in one JSON-RPC batch (two when a token outside the address map moved).
 */
export async function captureModel(
  chain: PublicClient,
  plan: RiskPlan,
  start: RiskStart,
  txs: RunTx[],
  reference?: RunCapture,
): Promise<ModelCapture> {
  const logs = readRunLogs(txs, plan.agent);
  if (txs.length === 0) {
    // Nothing sent, nothing changed: no loss, no exposure, no gas, and nothing to read.
    const none = readingsOf();
    return {
      txs,
      logs,
      set: { accounts: [], tokens: [], positions: [], allowances: [], operators: [], nftApprovals: [] },
      end: none,
      start: none,
      prices: { assets: new Map(), source: 'no transaction from the model: nothing to price' },
    };
  }
  const own = await readSetOf(chain, plan, logs);
  const set = reference ? unionSets(own, reference.set) : own;
  const [end, atStart] = await Promise.all([readAt(chain, plan, set), readStart(chain, plan, start, set)]);
  return { txs, logs, set, end, start: atStart.readings, prices: atStart.prices, ...(reference ? { reference } : {}) };
}

/** The set's readings at the start block, and the prices there (tokens outside the map and LP supplies included). */
export async function readStart(
  chain: PublicClient,
  plan: RiskPlan,
  start: RiskStart,
  set: ReadSet,
): Promise<{ readings: Readings; prices: PriceBook }> {
  const extraTokens = set.tokens.filter((t) => !plan.assets.tokens.has(t.address.toLowerCase()));
  // Only LP tokens that can have moved need their supply read: those touched, staked or approved. A pair
  // the address map does not list (a task's own token's pool) is one once probing found its token0/token1.
  const probedPairs = new Set(set.tokens.filter((t) => t.pair).map((t) => t.address.toLowerCase()));
  const lpTokens = [
    ...set.tokens.map((t) => t.address.toLowerCase()),
    ...set.allowances.map((a) => a.token.toLowerCase()),
    ...set.positions.flatMap((p) => p.assets),
  ].filter((a) => plan.assets.tokens.get(a)?.pair || probedPairs.has(a));
  const [readings, prices] = await Promise.all([
    readAt(chain, plan, set, start.blockNumber),
    readPriceBook(chain, plan.assets, { blockNumber: start.blockNumber, extraTokens, lpTokens }),
  ]);
  return { readings, prices };
}

export type { AssetKey };
