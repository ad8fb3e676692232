import '../src/polyfills.ts';
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';
import { modelSlug, resolveConfig, type QuestConfig } from '../src/plugin/config.ts';
import type { InstanceRecord } from '../src/results/record.ts';
import { buildRunResult, outcomeCounts, splitSummary } from '../src/results/summary.ts';
import { ResultWriter } from '../src/results/writer.ts';

const BENCH_PROJECTS = new Set(['atomic', 'composite']);

function describeModel(model: string): string {
  if (model === 'reference') return 'reference (gold solutions; set QUEST_MODEL=openai:<id> or module:<path> to evaluate a model)';
  if (model === 'null') return 'null (a no-op transaction every time: the floor)';
  return model;
}

/**
 * Announces the model first, streams each scored instance to JSONL as it finishes, and at the end
 * prints the scoreboard and writes results/<model>/<run-id>.json.
 */
export default class QuestbenchReporter implements Reporter {
  private config: QuestConfig | undefined;
  private records: InstanceRecord[] = [];
  private writer: ResultWriter | undefined;
  private runId = '';
  private startedAt = new Date();
  private active = false;

  onInit(vitest: Vitest): void {
    const projects = vitest.projects.filter((p) => BENCH_PROJECTS.has(p.name));
    this.active = projects.length > 0;
    if (!this.active) return;
    const options = projects[0]!.config.provide?.questbenchOptions ?? {};
    try {
      this.config = resolveConfig(options as Partial<QuestConfig>);
    } catch (e) {
      // The global setup fails with the same message; stay quiet here.
      this.active = false;
      return;
    }
    this.startedAt = new Date();
    this.runId = `${this.startedAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}-s${this.config.seed}`;
    const shard = vitest.config.shard ? `-shard${vitest.config.shard.index}of${vitest.config.shard.count}` : '';
    this.runId += shard;
    this.writer = new ResultWriter(this.config.resultsDir, modelSlug(this.config.model), this.runId);
    process.stdout.write(
      `questbench · model ${describeModel(this.config.model)} · seed ${this.config.seed} · rounds ${this.config.rounds} · projects ${projects.map((p) => p.name).join(', ')}\n`,
    );
  }

  onTestCaseResult(testCase: TestCase): void {
    const rec = testCase.meta().quest as InstanceRecord | undefined;
    if (!this.active || !rec || !this.writer) return;
    this.records.push(rec);
    this.writer.append(rec);
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>): void {
    if (!this.active || !this.config || !this.writer || this.records.length === 0) return;
    const result = buildRunResult(this.records, {
      id: this.runId,
      model: this.config.model,
      seed: this.config.seed,
      rounds: this.config.rounds,
      startedAt: this.startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
    });
    this.writer.finish(result);
    const a = splitSummary(this.records, 'atomic');
    const c = splitSummary(this.records, 'composite');
    const lines = [
      '',
      `questbench · ${this.config.model} · seed ${this.config.seed}`,
      ...(a.instances ? [`  Atomic     ${a.score} / ${a.max}   passed ${a.passed}/${a.instances}`] : []),
      ...(c.instances ? [`  Composite  ${c.score} / ${c.max}   passed ${c.passed}/${c.instances}`] : []),
      `  Outcomes   ${Object.entries(outcomeCounts(this.records)).map(([k, v]) => `${k} ${v}`).join(' · ')}`,
    ];
    const failed = this.records.filter((r) => !r.passed).sort((x, y) => x.taskId.localeCompare(y.taskId) || x.round - y.round);
    if (failed.length) {
      lines.push('  Failed:');
      for (const r of failed) {
        const checks = r.checks.filter((k) => !k.passed).map((k) => k.name);
        lines.push(`    ${r.taskId} r${r.round}  ${r.score}/100  ${r.outcome}${r.schemaRule ? `:${r.schemaRule}` : ''}  ${checks.join('; ') || r.error || ''}`);
      }
    }
    lines.push(`  Results    ${this.writer.jsonPath}`, '');
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
