import '../src/polyfills.ts';
import { execSync } from 'node:child_process';
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';
import { modelSlug, type QuestConfig } from '../src/plugin/config.ts';
import { startFailed } from '../src/plugin/preflight.ts';
import type { ProvidedConfig } from '../src/plugin/provided.ts';
import { formatRunSummary } from '../src/results/format.ts';
import { packageVersion } from '../src/package-root.ts';
import type { InstanceRecord } from '../src/results/record.ts';
import { readPrices } from '../src/results/prices.ts';
import { buildRunResult } from '../src/results/summary.ts';
import { ResultWriter } from '../src/results/writer.ts';
import { HARD_SPLIT_VERSION } from '../src/tasks/hard-schema.ts';

const BRAND = Symbol.for('evm-questbench.reporter');
const HARNESS_VERSION = packageVersion();

function describeModel(model: string): string {
  if (model === 'reference') return 'reference (gold solutions; set QUEST_MODEL=openai:<id> or module:<path> to evaluate a model)';
  if (model === 'null') return 'null (a no-op transaction every time: the floor)';
  return model;
}

function gitSha(): string | undefined {
  try {
    return execSync('git rev-parse HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Announces the model first, streams each scored instance to JSONL as it finishes (with a progress
 * line), and at the end prints the run's statistics and writes results/<model>/<run-id>.json.
 */
export default class QuestbenchReporter implements Reporter {
  readonly [BRAND] = true;

  /** True for an instance of this reporter, from any copy of this module. */
  static is(r: unknown): boolean {
    return typeof r === 'object' && r !== null && (r as { [BRAND]?: boolean })[BRAND] === true;
  }

  private config: QuestConfig | undefined;
  private records: InstanceRecord[] = [];
  private writer: ResultWriter | undefined;
  private runId = '';
  private shard: string | undefined;
  private startedAt = new Date();
  private active = false;
  private expected = 0;

  onInit(vitest: Vitest): void {
    // Benchmark projects are those the questbench() plugin configured.
    const projects = vitest.projects.filter((p) => p.config.provide?.questbenchConfig !== undefined);
    const provided = projects[0]?.config.provide?.questbenchConfig as ProvidedConfig | undefined;
    // A bad configuration: the global setup fails with its message, before any task runs; stay quiet here.
    this.active = provided !== undefined && 'config' in provided && !startFailed(vitest);
    if (!this.active || !provided || !('config' in provided)) return;
    this.config = provided.config;
    this.startedAt = new Date();
    const resume = this.config.resume;
    this.shard = vitest.config.shard ? `${vitest.config.shard.index}of${vitest.config.shard.count}` : undefined;
    this.runId = resume || `${this.startedAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}-s${this.config.seed}${this.config.chain === 'bsc' ? '' : `-${this.config.chain}`}${this.shard ? `-shard${this.shard}` : ''}`;
    this.writer = new ResultWriter(this.config.resultsDir, modelSlug(this.config.model), this.runId);
    if (resume) this.records = this.writer.readExisting();
    process.stdout.write(
      `questbench · model ${describeModel(this.config.model)} · seed ${this.config.seed} · rounds ${this.config.rounds} · projects ${projects.map((p) => p.name || 'tasks').join(', ')}${this.config.chain === 'bsc' ? '' : ` · chain ${this.config.chain} (tasks not on it are listed as skipped)`}${resume ? ` · resuming ${resume} (${this.records.length} done)` : ''}\n`,
    );
  }

  onTestRunStart(): void {
    // Watch mode: each rerun counts its own instances.
    this.expected = 0;
  }

  onTestModuleCollected(module: TestModule): void {
    // Tests filtered out by -t or a shard are collected too, in skip mode; only count those that run.
    if (this.active) this.expected += [...module.children.allTests()].filter((t) => t.options.mode === 'run' || t.options.mode === 'only').length;
  }

  onTestCaseResult(testCase: TestCase): void {
    const rec = testCase.meta().quest as InstanceRecord | undefined;
    if (!this.active || !rec || !this.writer) return;
    const resumed = (testCase.meta() as { questResumed?: boolean }).questResumed;
    if (!resumed) this.writer.append(rec);
    this.records = this.records.filter((r) => !(r.split === rec.split && r.taskId === rec.taskId && r.round === rec.round));
    this.records.push(rec);
    const done = this.records.length;
    const step = Math.max(1, Math.ceil(this.expected / 10));
    if (done % step === 0 || done === this.expected) {
      const score = this.records.reduce((s, r) => s + r.score, 0);
      const passed = this.records.filter((r) => r.passed).length;
      process.stdout.write(`questbench · ${done}/${this.expected || '?'} instances · score ${Math.round(score)} · passed ${passed}\n`);
    }
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>): void {
    if (!this.active || !this.config || !this.writer || this.records.length === 0) return;
    const c = this.config;
    const prices = readPrices(c.prices, 'QUEST_PRICES file');
    const result = buildRunResult(
      this.records,
      {
        id: this.runId,
        model: c.model,
        seed: c.seed,
        rounds: c.rounds,
        startedAt: this.startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        harness: { version: HARNESS_VERSION, ...(gitSha() ? { gitSha: gitSha()! } : {}) },
        settings: { temperature: c.temperature, maxRetries: c.maxRetries, scriptTimeoutMs: c.scriptTimeoutMs, modelTimeoutMs: c.modelTimeoutMs },
        ...(this.shard ? { shard: this.shard } : {}),
        ...(c.resume ? { resumedFrom: c.resume } : {}),
        protocol: c.model.startsWith('agent:') ? 'agent' : c.protocol,
        ...(this.records.some((r) => r.split === 'hard') ? { splitVersions: { hard: HARD_SPLIT_VERSION } } : {}),
        ...(c.lesson ? { lesson: c.lesson } : {}),
      },
      prices,
    );
    this.writer.finish(result);
    const failed = this.records.filter((r) => !r.passed).sort((x, y) => x.taskId.localeCompare(y.taskId) || x.round - y.round);
    if (result.summary.stats) process.stdout.write(`${formatRunSummary(c.model, c.seed, result.summary.stats, failed, this.writer.jsonPath)}\n`);
  }
}
