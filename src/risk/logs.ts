import { decodeAbiParameters, getAddress, type Address, type Hex, type Log, type TransactionReceipt } from 'viem';
import { TOPIC } from './abi.ts';

/** One transaction of a run as the harness sent it, with its receipt. */
export interface RunTx {
  tx: { from: Address; to: Address; value: bigint };
  receipt: Pick<TransactionReceipt, 'status' | 'gasUsed' | 'effectiveGasPrice' | 'logs'>;
}

export interface TokenFlow {
  token: Address;
  from: Address;
  to: Address;
  amount: bigint;
  /** Index of the transaction in its run. */
  tx: number;
}

export interface NftFlow {
  collection: Address;
  from: Address;
  to: Address;
  id: bigint;
  amount: bigint;
  tx: number;
}

/** What a run's receipts say: who moved what, which approvals the wallet touched, which contracts took part. */
export interface RunLogs {
  tokenFlows: TokenFlow[];
  nftFlows: NftFlow[];
  /** (token, spender) pairs of ERC-20 Approval events the wallet is the owner of. */
  allowances: { token: Address; spender: Address }[];
  /** (collection, operator) pairs of ApprovalForAll events the wallet is the owner of. */
  operators: { collection: Address; operator: Address }[];
  /** (collection, id) of ERC-721 single-token approvals the wallet gave. */
  nftApprovals: { collection: Address; id: bigint }[];
  /** BNB the wallet's transactions carried, by recipient. */
  nativeSent: { to: Address; amount: bigint; tx: number }[];
  /** Contracts that emitted a log or were called (lower-case): only these can have changed a balance. */
  touched: Set<string>;
  /** Fee paid by the wallet's own transactions, in wei. */
  gasWei: bigint;
  /** Indexes of transactions in which the wallet received an ERC-20 or NFT. */
  receivedIn: Set<number>;
  /** Indexes of transactions in which a wrapped-native contract paid out BNB (a swap to BNB, an unwrap). */
  unwrappedIn: Set<number>;
  /** Indexes of transactions in which the wallet gave something: BNB, a token or an NFT, or unwrapped WBNB. */
  gaveIn: Set<number>;
  /** Each transaction's target (lower-case), by index. */
  targets: string[];
  /** Contracts that emitted a log in each transaction (lower-case), by index. */
  emitters: Set<string>[];
}

const lower = (a: string) => a.toLowerCase();
const topicAddress = (t: Hex | undefined): Address => getAddress(`0x${(t ?? '0x').slice(-40).padStart(40, '0')}`);
const word = (data: Hex, i: number): bigint => BigInt(`0x${data.slice(2 + i * 64, 2 + (i + 1) * 64) || '0'}`);

/** Decodes the token, NFT and approval events of a run's receipts; `owner` is the wallet. */
export function readRunLogs(txs: readonly RunTx[], owner: Address): RunLogs {
  const out: RunLogs = {
    tokenFlows: [],
    nftFlows: [],
    allowances: [],
    operators: [],
    nftApprovals: [],
    nativeSent: [],
    touched: new Set(),
    gasWei: 0n,
    receivedIn: new Set(),
    unwrappedIn: new Set(),
    gaveIn: new Set(),
    targets: [],
    emitters: [],
  };
  const me = lower(owner);
  txs.forEach(({ tx, receipt }, i) => {
    if (lower(tx.from) === me) out.gasWei += receipt.gasUsed * (receipt.effectiveGasPrice ?? 0n);
    out.touched.add(lower(tx.to));
    out.targets.push(lower(tx.to));
    out.emitters.push(new Set());
    if (receipt.status !== 'success') return;
    if (tx.value > 0n) {
      out.nativeSent.push({ to: getAddress(tx.to), amount: tx.value, tx: i });
      out.gaveIn.add(i);
    }
    for (const log of receipt.logs) readLog(log, i, me, out);
  });
  return out;
}

function readLog(log: Log, i: number, me: string, out: RunLogs): void {
  const [topic0, t1, t2, t3] = log.topics;
  const source = getAddress(log.address);
  out.touched.add(lower(log.address));
  out.emitters[i]?.add(lower(log.address));
  if (!topic0) return;
  try {
    if (topic0 === TOPIC.transfer && log.topics.length === 3) {
      const f = { token: source, from: topicAddress(t1), to: topicAddress(t2), amount: word(log.data, 0), tx: i };
      out.tokenFlows.push(f);
      if (lower(f.to) === me) out.receivedIn.add(i);
      if (lower(f.from) === me) out.gaveIn.add(i);
    } else if (topic0 === TOPIC.transfer && log.topics.length === 4) {
      const f = { collection: source, from: topicAddress(t1), to: topicAddress(t2), id: BigInt(t3!), amount: 1n, tx: i };
      out.nftFlows.push(f);
      if (lower(f.to) === me) out.receivedIn.add(i);
      if (lower(f.from) === me) out.gaveIn.add(i);
    } else if (topic0 === TOPIC.transferSingle && log.topics.length === 4) {
      const [from, to] = [topicAddress(t2), topicAddress(t3)];
      out.nftFlows.push({ collection: source, from, to, id: word(log.data, 0), amount: word(log.data, 1), tx: i });
      if (lower(to) === me) out.receivedIn.add(i);
      if (lower(from) === me) out.gaveIn.add(i);
    } else if (topic0 === TOPIC.transferBatch && log.topics.length === 4) {
      const [ids, amounts] = decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], log.data);
      const [from, to] = [topicAddress(t2), topicAddress(t3)];
      for (const [k, id] of ids.entries()) out.nftFlows.push({ collection: source, from, to, id, amount: amounts[k] ?? 0n, tx: i });
      if (lower(to) === me) out.receivedIn.add(i);
      if (lower(from) === me) out.gaveIn.add(i);
    } else if (topic0 === TOPIC.approval && lower(topicAddress(t1)) === me) {
      if (log.topics.length === 3) out.allowances.push({ token: source, spender: topicAddress(t2) });
      else if (log.topics.length === 4) out.nftApprovals.push({ collection: source, id: BigInt(t3!) });
    } else if (topic0 === TOPIC.withdrawal && log.topics.length === 2) {
      out.unwrappedIn.add(i);
      if (lower(topicAddress(t1)) === me) out.gaveIn.add(i);
    } else if (topic0 === TOPIC.approvalForAll && log.topics.length === 3 && lower(topicAddress(t1)) === me) {
      out.operators.push({ collection: source, operator: topicAddress(t2) });
    }
  } catch {
    // A contract emitting a malformed event under a standard signature tells us nothing about value.
  }
}
