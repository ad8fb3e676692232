import type { Address, Hex, PrivateKeyAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startReadOnlyProxy, type ReadOnlyProxy } from '../sandbox/rpc-proxy.ts';
import { closeSandboxHosts } from '../sandbox/runner.ts';
import type { EnvMap } from '../tasks/instantiate.ts';
import { PRESET_SPENDERS, provisionAgent, RICH_ACCOUNT } from './provision.ts';
import { chainClients, type ChainClients } from './rpc.ts';
import type { MirrorManifest } from './build-mirror.ts';
import { bootstrapFork } from './fork.ts';

/** Seconds between consecutive blocks: chain time advances by the harness's clock, never the wall's. */
export const BLOCK_INTERVAL_SECONDS = 3;

export interface SessionOptions {
  /** Starts (or restarts) this worker's anvil from the prepared state and returns its RPC URL. */
  startNode: () => Promise<string>;
  agentKey: Hex;
  marker: Hex;
  manifest: MirrorManifest;
  /** Fork mode: the node forks this upstream (URL already redacted), and our contracts are deployed at boot. */
  fork?: { url: string; block: number };
}

export interface ChainInfo {
  mode: 'mirror' | 'fork';
  chainId: number;
  blockNumber: number;
  forkUrl?: string;
  forkBlock?: number;
}

export function envMapFrom(manifest: MirrorManifest, agent: Address): EnvMap {
  return {
    ...manifest.tokens,
    router: manifest.dex.router,
    factory: manifest.dex.factory,
    ...Object.fromEntries(Object.entries(manifest.pairs).map(([k, v]) => [`pair_${k}`, v])),
    ...manifest.contracts,
    ...PRESET_SPENDERS,
    rich_address: RICH_ACCOUNT,
    agent,
  };
}

/**
 * One worker's chain: its own anvil, provisioned once, a read-only proxy for scripts, and a snapshot
 * every instance reverts to. A lost snapshot or a dead node is healed by a restart from the prepared state.
 */
export class ChainSession {
  readonly account: PrivateKeyAccount;
  readonly env: EnvMap;
  chain!: ChainClients;
  proxy!: ReadOnlyProxy;
  baseBlock = 0n;
  private snapshot: Hex = '0x0';
  /** evm_revert does not restore the next block's base fee, so it is put back by hand on every reset. */
  private nextBaseFee: bigint | undefined;

  private constructor(private readonly opts: SessionOptions) {
    this.account = privateKeyToAccount(opts.agentKey);
    this.env = envMapFrom(opts.manifest, this.account.address);
  }

  get marker(): Hex {
    return this.opts.marker;
  }

  /** What results record about the chain an instance ran on. */
  get chainInfo(): ChainInfo {
    const fork = this.opts.fork;
    return {
      mode: fork ? 'fork' : 'mirror',
      chainId: this.opts.manifest.chainId,
      blockNumber: Number(this.baseBlock),
      ...(fork ? { forkUrl: fork.url, forkBlock: fork.block } : {}),
    };
  }

  static async open(opts: SessionOptions): Promise<ChainSession> {
    const s = new ChainSession(opts);
    await s.boot();
    return s;
  }

  private async boot(): Promise<void> {
    const url = await this.opts.startNode();
    this.chain = chainClients(url);
    if (this.proxy) {
      closeSandboxHosts(this.proxy.port);
      await this.proxy.close();
    }
    this.proxy = await startReadOnlyProxy(url);
    if (this.opts.fork) await bootstrapFork(this.chain, this.opts.manifest);
    await this.chain.request('anvil_setBlockTimestampInterval', [BLOCK_INTERVAL_SECONDS]);
    await provisionAgent(this.chain, this.account.address, this.opts.marker, this.opts.manifest);
    this.baseBlock = await this.chain.public.getBlockNumber();
    const pending = await this.chain.public.getBlock({ blockTag: 'pending' });
    this.nextBaseFee = pending.baseFeePerGas ?? undefined;
    this.snapshot = await this.chain.request<Hex>('evm_snapshot');
  }

  /** Back to the provisioned state. anvil consumes a snapshot on revert, so a new one is taken each time. */
  async reset(): Promise<void> {
    let reverted = false;
    try {
      reverted = await this.chain.request<boolean>('evm_revert', [this.snapshot]);
    } catch {
      reverted = false;
    }
    if (!reverted) {
      await this.boot();
      return;
    }
    this.snapshot = await this.chain.request<Hex>('evm_snapshot');
    if (this.nextBaseFee !== undefined) await this.chain.request('anvil_setNextBlockBaseFeePerGas', [`0x${this.nextBaseFee.toString(16)}`]);
  }

  /** Restarts the node from the prepared state (used after a crash). */
  async restart(): Promise<void> {
    await this.boot();
  }

  async close(): Promise<void> {
    if (this.proxy) closeSandboxHosts(this.proxy.port);
    await this.proxy?.close();
  }
}
