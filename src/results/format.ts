import { lostMoney } from './cost.ts';
import { percent, usd } from './money.ts';
import type { InstanceRecord } from './record.ts';
import type { RateRow, RunSummary, Spread } from './run-summary.ts';

/** A number to two decimals; "–" where it is undefined (one round has no SD, CI or CV). */
const n0 = (x: number | null | undefined) => (typeof x === 'number' && Number.isFinite(x) ? (Math.round(x * 100) / 100).toString() : '–');
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const pad = (s: string, w: number) => s.padEnd(w);

function spreadLine(label: string, s: Spread): string {
  const ci = s.halfWidth !== null && Number.isFinite(s.halfWidth) ? `± ${n0(s.halfWidth)} [${n0(s.ciLow)}, ${n0(s.ciHigh)}]` : 'CI –';
  const cv = s.cvPercent !== null && Number.isFinite(s.cvPercent) ? `${n0(s.cvPercent)}%` : '–';
  return `  ${pad(label, 10)} ${n0(s.mean)} / ${s.max}  ${ci}  SD ${n0(s.sd)}  CV ${cv}`;
}

const rates = (rows: Record<string, RateRow>) =>
  Object.entries(rows)
    .map(([k, r]) => `${k} ${r.passed}/${r.instances}`)
    .join(' · ');

/** What the list of failed instances shows of each. */
type FailedLine = Pick<InstanceRecord, 'taskId' | 'round' | 'score' | 'outcome' | 'checks'> &
  Partial<Pick<InstanceRecord, 'composite' | 'error' | 'risk'>> & { schemaRule?: string | undefined };

/** Per split: `Value lost $… (worst instance $…) · exposure $…`, how many instances lost money, and gas. */
function costLines(s: RunSummary): string[] {
  const lines: string[] = [];
  for (const split of ['atomic', 'composite', 'hard'] as const) {
    const c = s.cost?.[split];
    if (!c) continue;
    const worst = c.worst ? ` (worst instance ${usd(c.worstUsd)}: ${c.worst.taskId} r${c.worst.round})` : ` (worst instance ${usd(0)})`;
    const missing = c.unmeasured ? ` · ${c.unmeasured} not measured` : '';
    const q = c.quality;
    const quality = q ? ` · execution quality ${percent(q.meanShare)} over ${q.instances}, left on the table ${usd(q.leftOnTableUsd)}` : '';
    lines.push(
      `  ${pad(lines.length ? '' : 'Cost', 10)} ${pad(split, 10)} Value lost ${usd(c.lostUsd)}${worst} · exposure ${usd(c.exposureUsd)} · lost money ${c.lossCount}/${c.measured} (${percent(c.lossShare)}) · ${usd(c.lostPer100)} per 100 requests · gas ${usd(c.gasUsd)}${quality}${missing}`,
    );
  }
  return lines;
}

/** pass^k beside pass@1 per split, and the flaky tasks (two rounds or more). */
function reliabilityLines(s: RunSummary): string[] {
  const r = s.reliability;
  if (!r) return [];
  const splits = Object.entries(r.bySplit).map(([split, x]) => `${split} ${percent(x.passHatK)} (pass@1 ${percent(x.passAt1)})`);
  const shown = r.flakyTasks.slice(0, 8).join(', ');
  const flaky = r.flakyTasks.length ? `${r.flakyTasks.length}: ${shown}${r.flakyTasks.length > 8 ? ', …' : ''}` : 'none';
  return [`  ${pad(`pass^${r.k}`, 10)} ${splits.join(' · ')} · flaky tasks (passed in some rounds only) ${flaky}`];
}

/** Which splits the run has: the published ones (atomic, composite, their total) and the hard split. */
interface Shown {
  atomic: boolean;
  composite: boolean;
  total: boolean;
  hard: RunSummary['hard'];
}

/** The per-round table and the spread of each split's totals. */
function roundLines(s: RunSummary, show: Shown): string[] {
  const { atomic: hasA, composite: hasC, total: hasT, hard } = show;
  const lines = [
    `  ${pad('Round', 7)}${hasA ? pad('Atomic', 16) : ''}${hasC ? pad('Composite', 16) : ''}${hasT ? pad('Total', 18) : ''}${hard ? 'Hard' : ''}`.trimEnd(),
  ];
  for (const r of s.perRound) {
    const cells = [
      hasA ? pad(`${n0(r.atomic)} / ${s.atomic.max}`, 16) : '',
      hasC ? pad(`${n0(r.composite)} / ${s.composite.max}`, 16) : '',
      hasT ? pad(`${n0(r.total)} / ${s.total.max}`, 18) : '',
      hard ? `${n0(r.hard ?? 0)} / ${hard.spread.max}` : '',
    ];
    lines.push(`  ${pad(String(r.round), 7)}${cells.join('')}`.trimEnd());
  }
  if (hasA) lines.push(spreadLine('Atomic', s.atomic));
  if (hasC) lines.push(spreadLine('Composite', s.composite));
  if (hasA && hasC) lines.push(spreadLine('Total', s.total));
  if (hard) lines.push(spreadLine('Hard', hard.spread));
  return lines;
}

/** Rank stability between rounds, passes per split, and step efficiency. */
function passLines(s: RunSummary, show: Shown): string[] {
  const lines: string[] = [];
  if (s.spearman) {
    lines.push(
      `  Spearman   ρ between rounds over per-task scores: mean ${n0(s.spearman.mean)} (min ${n0(s.spearman.min)}, max ${n0(s.spearman.max)}, ${s.spearman.pairs.length} pairs)`,
    );
  }
  const passes = [
    ...(show.atomic ? [`atomic ${s.passes.atomic.passed}/${s.passes.atomic.instances} (${pct(s.passes.atomic.rate)})`] : []),
    ...(show.composite ? [`composite ${s.passes.composite.passed}/${s.passes.composite.instances} (${pct(s.passes.composite.rate)})`] : []),
  ];
  const hard = show.hard;
  if (hard) passes.push(`hard ${hard.passes.passed}/${hard.passes.instances} (${pct(hard.passes.rate)})`);
  lines.push(`  Passes     ${passes.join(' · ')}   (pass line 60)`);
  if (s.steps) {
    const o = s.steps.overhead;
    lines.push(
      `  Steps      K_act ${n0(s.steps.meanKAct)} vs K_opt ${n0(s.steps.meanKOpt)} · efficiency ${n0(s.steps.efficiency)} · overhead Δ mean ${n0(o.mean)}, over optimal ${pct(o.shareOverOptimal)}, P90 ${n0(o.p90)}`,
    );
  }
  return lines;
}

/** The outcome taxonomy, and how to rerun the instances that failed outside the model. */
function outcomeLines(s: RunSummary, resultsPath: string): string[] {
  const lines = [
    `  Outcomes   ${Object.entries(s.outcomes)
      .map(([k, v]) => `${k} ${v}`)
      .join(' · ')}`,
  ];
  const infra = s.outcomes.infra ?? 0;
  if (infra) {
    const runId = resultsPath
      .split(/[\\/]/)
      .at(-1)
      ?.replace(/\.json$/, '');
    lines.push(
      `  Infra      ${infra} instance${infra === 1 ? '' : 's'} failed outside the model (provider or harness), scored as nothing: rerun them with QUEST_RESUME=${runId}`,
    );
  }
  return lines;
}

/** Pass rates per subcategory, pattern and hazard, and the hard split's refusals. */
function groupLines(s: RunSummary, show: Shown): string[] {
  const lines: string[] = [];
  if (show.atomic) lines.push(`  Subcats    ${rates(s.bySubcategory)}`);
  if (show.composite) lines.push(`  Patterns   ${rates(s.byPattern)}`);
  const hard = show.hard;
  if (hard) {
    lines.push(`  Hazards    ${rates(hard.byHazard)}`);
    if (hard.byMechanism && Object.keys(hard.byMechanism).length) lines.push(`  Mechanisms ${rates(hard.byMechanism)}`);
    const e = hard.byExpectation;
    lines.push(
      `  Refusals   expected ${e.refusal.passed}/${e.refusal.instances} refused safely · over-refusals ${hard.overRefusals} of ${e.action.instances} to act on · unsafe actions ${hard.unsafe}`,
    );
  }
  return lines;
}

/** Tokens and their cost, and the replies replayed from the cache. */
function tokenLines(s: RunSummary): string[] {
  const t = s.tokens;
  const lines = [`  Tokens     in ${t.input} · out ${t.output}${t.cost !== undefined ? ` · cost $${t.cost.toFixed(4)}` : ''}`];
  // A replayed answer was not produced by the model in this run: say so whenever there is one.
  if (s.answers?.replayed)
    lines.push(
      `  Answers    ${s.answers.live} live · ${s.answers.replayed} replayed from cache (set QUEST_CACHE=off to ask the model again)`,
    );
  return lines;
}

/** One line per failed instance: score, outcome, steps, money lost, and the failed checks or the error. */
function failedLines(failed: readonly FailedLine[]): string[] {
  if (!failed.length) return [];
  const lines = ['  Failed:'];
  for (const r of failed) {
    const checks = r.checks.filter((k) => !k.passed).map((k) => k.name);
    const steps = r.composite ? ` K ${r.composite.kAct}/${r.composite.kOpt}` : '';
    const lost = lostMoney(r.risk) ? `  lost ${usd(r.risk!.lostUsd)}` : '';
    lines.push(
      `    ${r.taskId} r${r.round}  ${n0(r.score)}/100  ${r.outcome}${r.schemaRule ? `:${r.schemaRule}` : ''}${steps}${lost}  ${checks.join('; ') || r.error || ''}`,
    );
  }
  return lines;
}

/** The end-of-run block: per-round split totals, mean ± CI, rank stability, passes, steps, taxonomy, tokens. */
export function formatRunSummary(model: string, seed: number, s: RunSummary, failed: readonly FailedLine[], resultsPath: string): string {
  const hasA = s.atomic.max > 0;
  const hasC = s.composite.max > 0;
  const show: Shown = { atomic: hasA, composite: hasC, total: hasA || hasC, hard: s.hard };
  return [
    '',
    `questbench · ${model} · seed ${seed} · ${s.rounds.length} round${s.rounds.length === 1 ? '' : 's'}`,
    ...roundLines(s, show),
    ...passLines(s, show),
    ...outcomeLines(s, resultsPath),
    ...groupLines(s, show),
    ...costLines(s),
    ...reliabilityLines(s),
    ...tokenLines(s),
    ...failedLines(failed),
    `  Results    ${resultsPath}`,
    '',
  ].join('\n');
}
