import { getAddress, type Address, type Hex, type PrivateKeyAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startProxyRouter, type ProxyRoute, type ProxyRouter } from '../sandbox/rpc-proxy.ts';
import { orderAddressMap, type AddressLookup, type EnvMap, type PublishedEnv } from '../tasks/address-map.ts';
import { BSC, bscKeyOf, chainKey, keyedFor, type ChainProfile } from '../tasks/chain-profile.ts';
import { PRESET_SPENDERS, provisionAgent, RICH_ACCOUNT } from './provision.ts';
import { chainClients, rpcBatch, type ChainClients, type RpcBatch } from './rpc.ts';
import type { MirrorManifest } from './build-mirror.ts';
import { bootstrapFork } from './fork.ts';
import { startChainClock } from './chain-clock.ts';
import { FORK_LIMIT_OVERRIDES } from '../sandbox/rpc-limits.ts';
import { enterStage, nodeUrlFor } from '../fault-points.ts';

// Every session of a process shares one read-only proxy port (a route each), so one sandbox host,
// allowed exactly that port, serves every script of the process.
let router: Promise<ProxyRouter> | undefined;
function sharedProxyRouter(): Promise<ProxyRouter> {
  router ??= startProxyRouter().then((r) => {
    r.unref();
    return r;
  });
  return router;
}

export { BLOCK_INTERVAL_SECONDS, startChainClock } from './chain-clock.ts';

export interface SessionOptions {
  /** Starts (or restarts) this worker's anvil from the prepared state and returns its RPC URL. */
  startNode: () => Promise<string>;
  agentKey: Hex;
  marker: Hex;
  manifest: MirrorManifest;
  /** Fork mode: the node forks this upstream (URL already redacted), and our contracts are deployed at boot. */
  fork?: { url: string; block: number };
  /** The node starts from a state where this agent is already provisioned (see provisioned-state.ts). */
  provisioned?: boolean;
  /** Fork mode: what is deployed at boot (default bootstrapFork; the hard split passes bootstrapHardFork). */
  bootstrap?: (chain: ChainClients, manifest: MirrorManifest) => Promise<void>;
  /** Provisioning beyond provisionAgent's when the node is not pre-provisioned (the hard split's provisionHardAgent). */
  provisionMore?: (chain: ChainClients, agent: Address) => Promise<void>;
  /** The address map tasks read (default envMapFrom; the hard split passes hardEnvMap). */
  envMap?: (manifest: MirrorManifest, agent: Address) => EnvMap;
  /** Whose chain the node stands for (default BSC): the keys scripts see and the provisioning's units. */
  profile?: ChainProfile;
}

export interface ChainInfo {
  mode: 'mirror' | 'fork';
  /** The chain profile (absent in records written before there was more than BSC). */
  profile?: string;
  chainId: number;
  blockNumber: number;
  forkUrl?: string;
  forkBlock?: number;
}

/**
 * The published splits' address map on the chain a manifest describes, in the registry's order
 * (src/tasks/address-map.ts), keyed by the BSC role each entry plays (a Base build's WETH is its WBNB):
 * what task files, validators and references read on every chain. Scripts see the chain's own names
 * (ChainSession.scriptEnv).
 */
export function envMapFrom(manifest: MirrorManifest, agent: Address, profile: ChainProfile = BSC): PublishedEnv {
  const role = (k: string) => bscKeyOf(profile, k);
  return orderAddressMap('published', {
    ...Object.fromEntries(Object.entries(manifest.tokens).map(([k, v]) => [role(k), v])),
    router: manifest.dex.router,
    factory: manifest.dex.factory,
    ...Object.fromEntries(Object.entries(manifest.pairs).map(([k, v]) => [role(`pair_${k}`), v])),
    ...manifest.contracts,
    ...PRESET_SPENDERS,
    rich_address: RICH_ACCOUNT,
    agent,
  });
}

/**
 * One chain an instance runs on: its own anvil, provisioned once, a read-only route for scripts, and a snapshot
 * every instance reverts to. A lost snapshot or a dead node is healed by a restart from the prepared state.
 */
export class ChainSession {
  readonly account: PrivateKeyAccount;
  /** The profile's address map. */
  private readonly profileEnv: EnvMap;
  /** The map of the instance on the session, when its task adds keys of its own (see useTaskAddresses). */
  private taskEnv: EnvMap | undefined;
  chain!: ChainClients;
  proxy!: ProxyRoute;
  baseBlock = 0n;
  private snapshot: Hex = '0x0';
  /** evm_revert does not restore the next block's base fee, so it is put back by hand on every reset. */
  private nextBaseFee: bigint | undefined;

  readonly profile: ChainProfile;

  private constructor(private readonly opts: SessionOptions) {
    this.account = privateKeyToAccount(opts.agentKey);
    this.profile = opts.profile ?? BSC;
    this.profileEnv = opts.envMap
      ? opts.envMap(opts.manifest, this.account.address)
      : envMapFrom(opts.manifest, this.account.address, this.profile);
  }

  /** The address map of the instance on this session, keyed by BSC role: the profile's, and the keys its task adds. */
  get env(): EnvMap {
    return this.taskEnv ?? this.profileEnv;
  }

  /** The same map as scripts, the prompt and wallet agents see it: keyed by the chain's own names (WETH on Base). */
  get scriptEnv(): AddressLookup {
    return keyedFor(this.profile, this.env);
  }

  /** The keys scripts see that BSC names otherwise (chain's key → BSC's), for scripts written against BSC's. */
  get renamedKeys(): Record<string, string> {
    return Object.fromEntries(
      Object.keys(this.env).flatMap((k) => {
        const own = chainKey(this.profile, k);
        return own === k ? [] : [[own, k]];
      }),
    );
  }

  /**
   * Before an instance: the contracts its task adds to the map (a task file's `addresses`), listed after the
   * profile's keys; none (every built-in task) leaves the profile's map as it is. A session serves one
   * instance at a time, so the next instance's call replaces them.
   */
  useTaskAddresses(addresses: Readonly<Record<string, { address: string }>> | undefined): void {
    const own = Object.entries(addresses ?? {});
    this.taskEnv = own.length ? { ...this.profileEnv, ...Object.fromEntries(own.map(([k, a]) => [k, getAddress(a.address)])) } : undefined;
  }

  get marker(): Hex {
    return this.opts.marker;
  }

  /** The wallet's key, for wallet agents (it is worth something on this local chain only). */
  get walletKey(): Hex {
    return this.opts.agentKey;
  }

  /** What results record about the chain an instance ran on. */
  get chainInfo(): ChainInfo {
    const fork = this.opts.fork;
    return {
      mode: fork ? 'fork' : 'mirror',
      profile: this.profile.id,
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
    if (this.retired) throw new Error('this chain session was retired after a stall; a new one serves the slot');
    await enterStage('node-start');
    const url = nodeUrlFor(await this.opts.startNode());
    this.chain = chainClients(url);
    this.proxy?.close();
    this.proxy = (await sharedProxyRouter()).route(url, undefined, this.opts.fork ? FORK_LIMIT_OVERRIDES : undefined);
    // Before the fork bootstrap too: its blocks must not be stamped earlier than the fork's head.
    await startChainClock(this.chain);
    if (this.opts.fork) {
      await enterStage('fork-bootstrap');
      await (this.opts.bootstrap ?? bootstrapFork)(this.chain, this.opts.manifest);
    }
    if (!this.opts.provisioned) {
      await enterStage('provision');
      await provisionAgent(this.chain, this.account.address, this.opts.marker, this.opts.manifest, this.profile);
      await this.opts.provisionMore?.(this.chain, this.account.address);
    }
    this.baseBlock = await this.chain.public.getBlockNumber();
    const pending = await this.chain.public.getBlock({ blockTag: 'pending' });
    this.nextBaseFee = pending.baseFeePerGas ?? undefined;
    this.snapshot = await this.chain.request<Hex>('evm_snapshot');
  }

  /**
   * Back to the provisioned state in one round trip: anvil runs a JSON-RPC batch in order, so the
   * revert, the new snapshot (anvil consumes one on revert) and the base fee (a revert does not restore
   * it) go together. A failed revert makes that snapshot worthless: the node is rebooted instead.
   * Every instance starts a new script budget on the proxy route.
   */
  async reset(): Promise<void> {
    // Calls an earlier script left on the node end first, so this instance neither waits behind them
    // nor shares their budget; a node still busy with them after the drain timeout is replaced.
    if (!(await this.proxy.beginInstance())) {
      await this.boot();
      return;
    }
    const calls = [
      { method: 'evm_revert', params: [this.snapshot] },
      { method: 'evm_snapshot', params: [] },
      ...(this.nextBaseFee !== undefined
        ? [{ method: 'anvil_setNextBlockBaseFeePerGas', params: [`0x${this.nextBaseFee.toString(16)}`] }]
        : []),
    ];
    let batch: RpcBatch | undefined;
    try {
      batch = await rpcBatch(this.chain.url, calls);
    } catch {
      // a dead node (or a reply that is not a batch): rebooted below
    }
    const result = (id: number) => batch?.reply(id)?.result;
    if (result(1) !== true || typeof result(2) !== 'string') {
      await this.boot();
      return;
    }
    this.snapshot = result(2) as Hex;
  }

  /** A point to come back to within an instance (e.g. the pre-state, to replay the reference from it). */
  async mark(): Promise<{ snapshot: Hex; baseFee: bigint | undefined }> {
    const pending = await this.chain.public.getBlock({ blockTag: 'pending' });
    return { snapshot: await this.chain.request<Hex>('evm_snapshot'), baseFee: pending.baseFeePerGas ?? undefined };
  }

  /** Back to a mark, with the next block's base fee it had (a revert does not restore it). */
  async rewind(mark: { snapshot: Hex; baseFee: bigint | undefined }): Promise<void> {
    const calls = [
      { method: 'evm_revert', params: [mark.snapshot] },
      ...(mark.baseFee !== undefined ? [{ method: 'anvil_setNextBlockBaseFeePerGas', params: [`0x${mark.baseFee.toString(16)}`] }] : []),
    ];
    const batch = await rpcBatch(this.chain.url, calls);
    if (batch.reply(1)?.result !== true) throw new Error("could not go back to the instance's pre-state");
  }

  /** Restarts the node from the prepared state (used after a crash). */
  async restart(): Promise<void> {
    await this.boot();
  }

  private retired = false;
  /** A step of the harness stalled on this session: it goes back to no instance (see SessionPool.discard). */
  stalled = false;

  /**
   * Takes the session out of service after a step of the harness stalled on it: the stalled work may
   * still hold it, so it never boots again (its slot's next session restarts the node) and its scripts'
   * route is closed.
   */
  retire(): void {
    this.retired = true;
    this.proxy?.close();
  }

  async close(): Promise<void> {
    this.proxy?.close();
  }
}
