import '../polyfills.ts';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import type { MirrorManifest } from '../chain/build-mirror.ts';
import { profileOfState, stateFiles, stateForkManifest, stateOf, provisionMoreFor, type ChainState } from '../chain/chain-states.ts';
import { writeProvisionedState } from '../chain/provisioned-state.ts';
import { agentKeyFor } from '../chain/agent-key.ts';
import type { Hex } from 'viem';
import { createNodePool, type NodePool } from '../chain/node-pool.ts';
import { redactUrl, type ForkTarget } from '../chain/fork.ts';
import { prepareSandbox } from '../sandbox/index.ts';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { readJsonl } from '../results/writer.ts';
import { instanceKey, type InstanceRecord } from '../results/record.ts';
import { resolveModel } from '../model/index.ts';
import { ConfigError, modelEnv, modelSettings, modelSlug, type QuestConfig } from './config.ts';
import { startControlServer } from './control.ts';
import { Dispatcher, dispatcherHandlers } from './dispatcher.ts';
import { followPlans } from './planner.ts';
import { runRegistry } from './run-registry.ts';
import { announceStartFailure, preflight } from './preflight.ts';
import type { QuestProvided } from './provided.ts';
import type { Split } from '../tasks/task.ts';

interface RunContext {
  provided: QuestProvided;
  dispatcher: Dispatcher;
  users: number;
  /** Profiles whose unavailability the run has already said. */
  announced: Set<ChainState>;
  close(): Promise<void>;
}

/** The nodes of each chain state, started from its provisioned state, which is written when first needed. */
function stateNodes(config: QuestConfig, agentKey: Hex, marker: Hex, fork: ForkTarget | undefined) {
  const binary = config.anvilBin ? { binary: config.anvilBin } : {};
  const pools = new Map<ChainState, Promise<{ pool: NodePool; dispose(): void }>>();
  const open = async (state: ChainState) => {
    if (fork) return { pool: createNodePool({ chainId: fork.chainId, forkUrl: fork.url, forkBlock: fork.block, ...binary }), dispose() {} };
    const source = stateFiles(state);
    const more = provisionMoreFor(state, source.manifest);
    const chainId = source.manifest.chainId;
    // Every node of the run starts with the agent already provisioned.
    const provisioned = await writeProvisionedState({
      base: source.state,
      chainId,
      agentKey,
      marker,
      manifest: source.manifest,
      profile: profileOfState(state),
      ...(more ? { provisionMore: more } : {}),
      ...binary,
    });
    return { pool: createNodePool({ chainId, loadState: provisioned.file, ...binary }), dispose: provisioned.dispose };
  };
  return {
    pool(state: ChainState): Promise<NodePool> {
      let p = pools.get(state);
      if (!p) {
        p = open(state);
        pools.set(state, p);
        p.catch(() => pools.delete(state));
      }
      return p.then((x) => x.pool);
    },
    async close() {
      for (const p of pools.values()) {
        const x = await p.catch(() => undefined);
        await x?.pool.close();
        x?.dispose();
      }
    },
  };
}

async function openRunContext(vitest: object, config: QuestConfig): Promise<RunContext> {
  const { fork } = await preflight(vitest, config);
  // Resolving the model loads a module model now (through Vite: it may be TypeScript), not 60 tests later.
  await resolveModel(config.model, modelSettings(config), modelEnv(config));
  const resumed = loadResumed(config);
  const agentKey = agentKeyFor(config.seed, join(config.cacheDir, 'agent-secret'));
  const marker: Hex = `0x${randomBytes(32).toString('hex')}`;
  let manifests: Partial<Record<ChainState, MirrorManifest>>;
  let unavailable: Partial<Record<ChainState, string>> | undefined;
  let target: ForkTarget | undefined;
  if (fork) {
    target = fork;
    const t = fork;
    if (config.chain === 'base') {
      // The published splits on a fork of Base; the hard split runs on BSC alone (its tasks are skipped).
      manifests = { base: await stateForkManifest('base', t) };
    } else {
      // The published splits need the fork's mirror contracts; the hard split needs PancakeSwap V3 and Venus
      // as well, which a fork of another chain may lack: then only the hard tasks fail, each saying why.
      const [mirror, hard] = await Promise.allSettled((['mirror', 'hard'] as const).map((p) => stateForkManifest(p, t)));
      if (mirror!.status === 'rejected') throw mirror!.reason;
      manifests = { mirror: mirror!.value, ...(hard!.status === 'fulfilled' ? { hard: hard!.value } : {}) };
      if (hard!.status === 'rejected')
        unavailable = {
          hard: `the hard split cannot run on this fork: ${hard!.reason instanceof Error ? hard!.reason.message : String(hard!.reason)}`,
        };
    }
  } else {
    manifests = { mirror: stateFiles('mirror').manifest, hard: stateFiles('hard').manifest };
    if (config.chain === 'base') manifests.base = stateFiles('base').manifest;
  }
  await prepareSandbox();
  const nodes = stateNodes(config, agentKey, marker, target);
  // The published splits' chain is prepared now, so a problem with it stops the run before any task.
  await nodes.pool(stateOf('atomic', config.chain));
  // QUEST_CONCURRENCY instances in flight across all workers and projects of the run.
  const dispatcher = new Dispatcher(config.concurrency);
  const control = await startControlServer(dispatcherHandlers(dispatcher, nodes));
  return {
    provided: {
      config,
      controlUrl: control.url,
      agentKey,
      marker,
      ...(target ? {} : { provisioned: true }),
      manifests,
      ...(unavailable ? { unavailable } : {}),
      resumed,
      ...(target ? { fork: { url: redactUrl(target.url), block: Number(target.block) } } : {}),
    },
    dispatcher,
    users: 0,
    announced: new Set(),
    async close() {
      dispatcher.close();
      await control.close();
      await nodes.close();
    },
  };
}

/**
 * Main-process setup of a benchmark project: fails fast on bad configuration (before any task runs),
 * prepares the sandbox bundles once, creates the run's agent key and marker, owns the anvil processes
 * the workers use, and feeds the dispatcher the project's plan for every run.
 */
export default async function setup(project: TestProject) {
  const provided = project.getProvidedContext().questbenchConfig;
  if ('error' in provided) {
    announceStartFailure(project.vitest, provided.error);
    throw new ConfigError(provided.error);
  }
  const { config } = provided;
  // The benchmark projects of one run (atomic, composite) share one context: the agent, the provisioned
  // state, the nodes and the dispatcher, so a worker of either project runs instances of both, and the
  // concurrency is the run's. Projects configured differently get contexts of their own.
  const key = JSON.stringify(config);
  const all = runRegistry(project.vitest).contexts as Map<string, Promise<RunContext>>;
  let pending = all.get(key);
  if (!pending) {
    pending = openRunContext(project.vitest, config);
    all.set(key, pending);
    pending.catch(() => all.delete(key));
  }
  const context = await pending.catch((e: unknown) => {
    announceStartFailure(project.vitest, e);
    throw e;
  });
  context.users++;
  // Instances a resumed run already has are not planned.
  const unfollow = followPlans(project.vitest, project.name, (plan) => {
    announceUnavailable(context, plan);
    context.dispatcher.setPlan(
      project.name,
      plan.filter((p) => !context.provided.resumed[p.key]),
    );
  });
  project.provide('questbench', context.provided);
  return async () => {
    unfollow();
    if (--context.users > 0) return;
    all.delete(key);
    await context.close();
  };
}

/**
 * A chain state the run cannot serve (a fork without the hard split's contracts) is said once, as the
 * first plan that needs it arrives; each of its instances is then recorded infra with the same reason.
 */
function announceUnavailable(context: RunContext, plan: readonly { split: Split }[]): void {
  const unavailable = context.provided.unavailable ?? {};
  for (const split of new Set(plan.map((p) => p.split))) {
    const state = stateOf(split, context.provided.config.chain);
    const why = unavailable[state];
    if (!why || context.announced.has(state)) continue;
    context.announced.add(state);
    const count = plan.filter((p) => stateOf(p.split, context.provided.config.chain) === state).length;
    process.stdout.write(`questbench · ${why}; its ${count} instances are recorded infra, the other splits run as usual\n`);
  }
}

/** The finished instances of the run named by QUEST_RESUME, checked to belong to the same model and seed. */
function loadResumed(config: QuestConfig): Record<string, InstanceRecord> {
  const id = config.resume;
  if (!id) return {};
  const path = join(config.resultsDir, modelSlug(config.model), `${id}.jsonl`);
  if (!existsSync(path)) throw new ConfigError(`QUEST_RESUME=${id}: no results at ${path} (check QUEST_MODEL and QUEST_RESULTS_DIR)`);
  const out: Record<string, InstanceRecord> = {};
  for (const r of readJsonl(path)) {
    if (r.outcome === 'infra') continue; // a harness or provider failure is run again, never kept as a score
    if (r.model !== config.model || r.runSeed !== config.seed) {
      throw new ConfigError(
        `QUEST_RESUME=${id}: that run used model ${r.model} and seed ${r.runSeed}; set QUEST_MODEL and QUEST_SEED to match`,
      );
    }
    out[instanceKey(r)] = r;
  }
  return out;
}
