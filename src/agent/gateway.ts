// The wallet an agent holds on its instance's chain: a JSON-RPC endpoint that answers reads through the
// instance's read-only proxy (its allowlist and budgets apply) and takes exactly the writes a wallet
// makes: the wallet's own signed transactions for chain 56, transactions and signatures the harness
// makes for the wallet's address. Nothing else: no anvil_*, evm_*, debug_*, other senders or chains.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getAddress, isAddressEqual, parseTransaction, recoverTransactionAddress, type Hex, type TransactionReceipt } from 'viem';
import type { ChainSession } from '../chain/session.ts';
import { QuestError } from '../errors.ts';
import { preflight } from '../execution/node-guard.ts';
import { signAndSend } from '../execution/send.ts';
import { parseTxRequest } from '../execution/tx-request.ts';
import type { MinedTx } from '../episode/script.ts';
import type { PendingTransaction } from '../validators/types.ts';
import { formatTransactionReceipt, type RpcTransactionReceipt } from 'viem';

/** One thing the agent did with its wallet, in order. */
export type WalletStep =
  | ({ kind: 'tx'; method: 'eth_sendRawTransaction' | 'eth_sendTransaction' } & MinedTx)
  | { kind: 'signature'; method: 'eth_signTypedData_v4' | 'personal_sign'; summary: string }
  | { kind: 'refused'; method: string; reason: string };

export interface WalletRoute {
  url: string;
  steps: WalletStep[];
  close(): void;
}

const MAX_BODY = 1024 * 1024;
const SIGNING = new Set([
  'eth_sendRawTransaction',
  'eth_sendTransaction',
  'eth_signTypedData_v4',
  'personal_sign',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_sign',
]);

/** A wallet request the gateway refuses; the agent reads it as a JSON-RPC error with `rpcCode`. */
class RpcRefusal extends QuestError {
  override name = 'RpcRefusal';
  constructor(
    readonly rpcCode: number,
    message: string,
  ) {
    super('RPC_REFUSED', message);
  }
}

interface RouteState {
  session: ChainSession;
  /** Settles once the chain is the agent's; until then its requests wait. */
  ready: Promise<void>;
  beforeSend: ((tx: PendingTransaction) => Promise<void>) | undefined;
  steps: WalletStep[];
  /** Writes run one at a time, in the order they arrive, as a wallet's nonce requires. */
  queue: Promise<unknown>;
}

// Straight to the proxy route's request handling in this process: the same checks and budget as over HTTP.
async function forwardRead(state: RouteState, request: unknown): Promise<unknown> {
  return JSON.parse((await state.session.proxy.request(JSON.stringify(request))).text);
}

const refuse = (state: RouteState, method: string, reason: string, code = -32000): never => {
  state.steps.push({ kind: 'refused', method, reason });
  throw new RpcRefusal(code, reason);
};

async function mined(
  state: RouteState,
  method: 'eth_sendRawTransaction' | 'eth_sendTransaction',
  tx: MinedTx['tx'],
  receipt: TransactionReceipt,
  revertReason?: string,
): Promise<Hex> {
  state.steps.push({ kind: 'tx', method, tx, receipt, ...(revertReason ? { revertReason } : {}) });
  // A transaction ends the agent's step as a round's script ends: its next reads get a fresh allowance.
  state.session.proxy.nextStep();
  return receipt.transactionHash;
}

async function sendRaw(state: RouteState, raw: unknown): Promise<Hex> {
  const { session } = state;
  const method = 'eth_sendRawTransaction';
  if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]+$/.test(raw))
    return refuse(state, method, 'expected a signed transaction as 0x-prefixed hex', -32602);
  let parsed;
  let from;
  try {
    parsed = parseTransaction(raw as Hex);
    from = await recoverTransactionAddress({ serializedTransaction: raw as never });
  } catch (e) {
    return refuse(state, method, `not a signed transaction: ${(e as Error).message.split('\n')[0]}`, -32602);
  }
  if (parsed.chainId !== session.chainInfo.chainId)
    return refuse(
      state,
      method,
      `only transactions for chain ${session.chainInfo.chainId} are accepted (got ${parsed.chainId ?? 'none: unprotected'})`,
    );
  if (!isAddressEqual(from, session.account.address))
    return refuse(state, method, `only transactions signed by the wallet ${session.account.address} are accepted (signed by ${from})`);
  if (!parsed.to) return refuse(state, method, 'contract creation is not accepted');
  // Addresses checksummed and calldata lower-cased, as the harness records every transaction.
  const tx = {
    from: getAddress(from),
    to: getAddress(parsed.to),
    data: (parsed.data ?? '0x').toLowerCase() as Hex,
    value: parsed.value ?? 0n,
    gas: parsed.gas ?? 0n,
  };
  await state.beforeSend?.({ from, to: tx.to, data: tx.data, value: tx.value });
  // The node must be the anvil this run started before anything signed reaches it.
  await preflight(session.chain.url, { chainId: session.chainInfo.chainId, marker: session.marker }, { ...tx, estimate: false });
  let receipt;
  try {
    receipt = formatTransactionReceipt(await session.chain.request<RpcTransactionReceipt>('eth_sendRawTransactionSync', [raw]));
  } catch (e) {
    return refuse(state, method, `the node rejected the transaction: ${(e as Error).message.split('\n')[0]}`);
  }
  return mined(state, method, tx, receipt, receipt.status === 'success' ? undefined : 'execution reverted');
}

async function sendForWallet(state: RouteState, request: unknown): Promise<Hex> {
  const { session } = state;
  const method = 'eth_sendTransaction';
  const shape = parseTxRequest(request, session.account.address);
  if (!shape.ok) return refuse(state, method, shape.message, -32602);
  await state.beforeSend?.({ from: session.account.address, to: shape.tx.to, data: shape.tx.data, value: shape.tx.value });
  const sent = await signAndSend(session.chain, session.account, shape.tx, { chainId: session.chainInfo.chainId, marker: session.marker });
  if (sent.kind === 'rejected') return refuse(state, method, sent.message);
  return mined(state, method, sent.tx, sent.receipt, sent.revertReason);
}

async function sign(state: RouteState, method: 'eth_signTypedData_v4' | 'personal_sign', params: unknown[]): Promise<Hex> {
  const { account } = state.session;
  const [a, b] = method === 'personal_sign' ? [params[1], params[0]] : [params[0], params[1]];
  if (typeof a !== 'string' || !isAddressEqual(a as Hex, account.address))
    return refuse(state, method, `only the wallet ${account.address} signs here`);
  if (method === 'personal_sign') {
    if (typeof b !== 'string') return refuse(state, method, 'expected the message as a string', -32602);
    const message = /^0x[0-9a-fA-F]*$/.test(b) ? { raw: b as Hex } : b;
    state.steps.push({ kind: 'signature', method, summary: `message ${b.slice(0, 200)}` });
    return account.signMessage({ message });
  }
  let typed: { domain?: unknown; types?: Record<string, unknown>; primaryType?: string; message?: unknown };
  try {
    typed = typeof b === 'string' ? JSON.parse(b) : (b as typeof typed);
  } catch {
    return refuse(state, method, 'typed data must be JSON', -32602);
  }
  const { EIP712Domain: _, ...types } = (typed.types ?? {}) as Record<string, unknown>;
  state.steps.push({
    kind: 'signature',
    method,
    summary: `${typed.primaryType ?? 'typed data'} ${JSON.stringify(typed.message ?? {}).slice(0, 300)}`,
  });
  return account.signTypedData({ domain: typed.domain, types, primaryType: typed.primaryType, message: typed.message } as Parameters<
    typeof account.signTypedData
  >[0]);
}

/** One JSON-RPC request of the agent: a wallet method handled here, anything else to the read-only proxy. */
async function handle(state: RouteState, request: unknown): Promise<unknown> {
  const { id, method, params } = (request ?? {}) as { id?: unknown; method?: unknown; params?: unknown };
  const reply = (result: unknown) => ({ jsonrpc: '2.0', id: id ?? null, result });
  if (typeof method !== 'string' || !SIGNING.has(method)) return forwardRead(state, request);
  const args = Array.isArray(params) ? params : [];
  try {
    if (method === 'eth_accounts' || method === 'eth_requestAccounts') return reply([state.session.account.address]);
    if (method === 'eth_sign')
      return refuse(state, method, 'eth_sign signs raw hashes and is not offered; use personal_sign or eth_signTypedData_v4');
    // Writes are serialized: the wallet's nonce advances one transaction at a time.
    const work = state.queue.then(() =>
      method === 'eth_sendRawTransaction'
        ? sendRaw(state, args[0])
        : method === 'eth_sendTransaction'
          ? sendForWallet(state, args[0])
          : sign(state, method as 'personal_sign', args),
    );
    state.queue = work.catch(() => {});
    return reply(await work);
  } catch (e) {
    const code = e instanceof RpcRefusal ? e.rpcCode : -32603;
    return { jsonrpc: '2.0', id: id ?? null, error: { code, message: (e as Error).message } };
  }
}

let router: Promise<{ port: number; routes: Map<string, RouteState> }> | undefined;

function walletRouter() {
  router ??= new Promise((resolve, reject) => {
    const routes = new Map<string, RouteState>();
    const server = http.createServer((req, res) => {
      const send = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const state = routes.get((req.url ?? '/').split('?')[0]!.split('/')[1] ?? '');
      if (req.method !== 'POST' || !state) {
        req.resume();
        send(404, { jsonrpc: '2.0', id: null, error: { code: -32601, message: 'no such endpoint' } });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_BODY) req.destroy();
        else chunks.push(c);
      });
      req.on('end', () => {
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          send(200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
          return;
        }
        const work = state.ready.then(
          () => (Array.isArray(body) ? Promise.all(body.map((r) => handle(state, r))) : handle(state, body)),
          () => ({ jsonrpc: '2.0', id: null, error: { code: -32603, message: "the instance's chain could not be prepared" } }),
        );
        work.then(
          (out) => send(200, out),
          (e: Error) => send(502, { jsonrpc: '2.0', id: null, error: { code: -32603, message: e.message } }),
        );
      });
    });
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      resolve({ port: (server.address() as AddressInfo).port, routes });
    });
  });
  return router;
}

/**
 * A wallet endpoint for one instance, at an unguessable path; close() ends it. Requests wait for `ready`
 * (the harness may still be using the chain when the agent starts).
 */
export async function openWalletRoute(
  session: ChainSession,
  beforeSend?: (tx: PendingTransaction) => Promise<void>,
  ready: Promise<void> = Promise.resolve(),
): Promise<WalletRoute> {
  const { port, routes } = await walletRouter();
  const token = randomBytes(16).toString('hex');
  const state: RouteState = { session, ready, beforeSend, steps: [], queue: Promise.resolve() };
  routes.set(token, state);
  return { url: `http://127.0.0.1:${port}/${token}`, steps: state.steps, close: () => void routes.delete(token) };
}
