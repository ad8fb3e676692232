import { encodeFunctionData, getAddress, parseAbi, parseEther, maxUint256, type Address } from 'viem';
import { QuestError } from '../errors.ts';
import { BSC, DEPLOYER, namedAddress } from './addresses.ts';
import { loadArtifacts } from './artifacts.ts';
import { AUX_CONTRACTS, PANCAKE_SQUAD } from './aux-contracts.ts';
import { placeAuxContracts } from './aux-place.ts';
import type { AuxContract } from './aux-place.ts';
import type { MirrorManifest } from './build-mirror.ts';
import { sendAs } from './impersonate.ts';
import { MIRROR_POOLS } from './mirror-spec.ts';
import type { ChainClients } from './rpc.ts';
import { setTokenBalance } from './token-balance.ts';

/** The fork QUEST_FORK_URL names cannot serve the run: unreachable, behind the pinned block, or not BSC mainnet. */
export class ForkError extends QuestError {
  override name = 'ForkError';
  constructor(message: string, hint?: string) {
    super('FORK', message, { hint });
  }
}

export interface ForkTarget {
  url: string;
  block: bigint;
  chainId: number;
}

/** What to do when the fork answers, but not as BSC mainnet does. */
export const BSC_MAINNET = 'QUEST_FORK_URL must be a BSC mainnet (chain id 56) endpoint; unset it to use the embedded mirror';
const FORK_NODE =
  'the endpoint QUEST_FORK_URL names refused a request: check that it is a BSC mainnet node that serves the pinned block (an archive node for an old QUEST_FORK_BLOCK)';

/** One JSON-RPC call to a fork's upstream; a refusal is a ForkError with `hint` (what to check on the endpoint). */
export async function forkRpc<T>(url: string, method: string, params: unknown[], timeoutMs: number, hint = FORK_NODE): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error || body.result === undefined) throw new ForkError(body.error?.message ?? `HTTP ${res.status}`, hint);
  return body.result;
}

/** Hides credentials a fork URL may carry (user:pass@, API keys in the query or a long path segment). */
export function redactUrl(raw: string): string {
  try {
    const u = new URL(raw);
    if (u.username || u.password) {
      u.username = '***';
      u.password = '';
    }
    if (u.search) u.search = '?***';
    u.pathname = u.pathname
      .split('/')
      .map((seg) => (/^[A-Za-z0-9_-]{16,}$/.test(seg) ? '***' : seg))
      .join('/');
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/** Checks the upstream answers and pins the block (QUEST_FORK_BLOCK, or its head now). */
export async function probeFork(url: string, block?: number, timeoutMs = 5000): Promise<ForkTarget> {
  let chainId: string;
  let head: string;
  try {
    [chainId, head] = await Promise.all([
      forkRpc<string>(url, 'eth_chainId', [], timeoutMs),
      forkRpc<string>(url, 'eth_blockNumber', [], timeoutMs),
    ]);
  } catch (e) {
    throw new ForkError(
      `QUEST_FORK_URL ${redactUrl(url)} is unreachable (${(e as Error).message}): set it to a reachable BSC JSON-RPC endpoint, or unset it to use the embedded mirror`,
    );
  }
  const pinned = block !== undefined ? BigInt(block) : BigInt(head);
  if (pinned > BigInt(head)) {
    throw new ForkError(
      `QUEST_FORK_BLOCK ${pinned} is beyond the upstream head ${BigInt(head)}`,
      'give a block at or below the head, or unset QUEST_FORK_BLOCK to fork at the head',
    );
  }
  return { url, block: pinned, chainId: Number(chainId) };
}

const FACTORY = parseAbi(['function getPair(address, address) view returns (address)']);
const SYMBOL: Record<string, string> = { [BSC.WBNB]: 'WBNB', [BSC.USDT]: 'USDT', [BSC.BUSD]: 'BUSD', [BSC.CAKE]: 'CAKE' };

/** The address map on a fork: canonical tokens and DEX, the upstream's own pairs, our contracts at their fixed addresses. */
export async function forkManifest(target: ForkTarget): Promise<MirrorManifest> {
  const pairs: Record<string, Address> = {};
  for (const p of MIRROR_POOLS) {
    const data = encodeFunctionData({ abi: FACTORY, functionName: 'getPair', args: [p.a, p.b] });
    const out = await forkRpc<string>(
      target.url,
      'eth_call',
      [{ to: BSC.PANCAKE_FACTORY, data }, `0x${target.block.toString(16)}`],
      10_000,
    );
    const pair = getAddress(`0x${out.slice(-40)}`);
    if (BigInt(pair) === 0n) throw new ForkError(`the fork has no PancakeSwap pair for ${SYMBOL[p.a]}/${SYMBOL[p.b]}`, BSC_MAINNET);
    pairs[`${SYMBOL[p.a]}_${SYMBOL[p.b]}`] = pair;
  }
  return {
    chainId: target.chainId,
    blockNumber: Number(target.block),
    tokens: { WBNB: BSC.WBNB, USDT: BSC.USDT, BUSD: BSC.BUSD, CAKE: BSC.CAKE },
    dex: { router: BSC.PANCAKE_ROUTER, factory: BSC.PANCAKE_FACTORY },
    pairs,
    contracts: Object.fromEntries(forkAuxContracts().map((c) => [c.key, c.address])),
  };
}

/**
 * The auxiliary contracts as placed on a fork: the same, except that the Pancake Squad stand-in moves
 * off the real collection's address, which on a real chain holds the real contract and its storage.
 */
export function forkAuxContracts(): AuxContract[] {
  return AUX_CONTRACTS.map((c) => (c.address === PANCAKE_SQUAD ? { ...c, address: namedAddress('pancake_squad') } : c));
}

const ERC20 = parseAbi(['function approve(address spender, uint256 amount) returns (bool)']);
const ROUTER = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
]);

/**
 * What the mirror has built in and a real chain lacks: the deployer's funds and liquidity (it
 * provisions every agent), and our auxiliary contracts, deployed at runtime at their fixed addresses.
 */
export async function bootstrapFork(chain: ChainClients, manifest: MirrorManifest): Promise<void> {
  await chain.test.setBalance({ address: DEPLOYER, value: parseEther('1000000') });
  for (const token of [BSC.USDT, BSC.BUSD, BSC.CAKE]) {
    await setTokenBalance(chain, token, DEPLOYER, parseEther('100000000'));
    await sendAs(
      chain,
      DEPLOYER,
      token,
      encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [BSC.PANCAKE_ROUTER, maxUint256] }),
    );
  }
  // LP of its own, so it can give the agent a reward-pool stake.
  await sendAs(
    chain,
    DEPLOYER,
    BSC.PANCAKE_ROUTER,
    encodeFunctionData({
      abi: ROUTER,
      functionName: 'addLiquidity',
      args: [BSC.USDT, BSC.BUSD, parseEther('10000'), parseEther('10000'), 0n, 0n, DEPLOYER, 4_000_000_000n],
    }),
  );
  await placeAuxContracts(chain, loadArtifacts(), forkAuxContracts(), manifest.pairs);
}
