// What a task's test carries for Vitest's own views (`vitest --ui`, the html reporter, verbose and
// failed-test output): a one-line verdict with the whole instance attached as Markdown, the check
// table on one line, and for an episode its rounds in order.
import type { TestContext } from 'vitest';
import { lostMoney } from './cost.ts';
import { instanceMarkdown } from './markdown.ts';
import { usd } from './money.ts';
import type { InstanceRecord } from './record.ts';

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function verdictLine(rec: InstanceRecord): string {
  const steps = rec.composite ? ` · K_act ${rec.composite.kAct}/${rec.composite.kOpt}` : '';
  const lost = lostMoney(rec.risk) ? ` · lost ${usd(rec.risk!.lostUsd)}` : '';
  return `score ${rec.score}/100 · ${rec.outcome}${steps}${lost} · template ${rec.templateIndex} · ${rec.instruction}`;
}

/**
 * Every check on one line (the UI shows an annotation's message as one paragraph), names and weights
 * only: a failed test's error already lists the failed checks' details, and the attachment has them all.
 */
export function checksLine(rec: InstanceRecord): string {
  if (!rec.checks.length) return 'no checks recorded';
  return rec.checks.map((c) => `${c.passed ? '✓' : '✗'} ${clip(c.name, 80)} [${c.weight}]`).join(' · ');
}

export function roundsLine(rec: InstanceRecord): string | undefined {
  const c = rec.composite;
  if (!c) return undefined;
  const rounds = c.rounds.map((r, i) => `${i + 1} ${r.kind}`);
  return `${[...rounds, `end: ${c.endReason}`].join(' → ')} · decay ${c.decay.toFixed(3)} × end-state ${c.baseScore}`;
}

export async function annotateInstance(ctx: Pick<TestContext, 'annotate'>, rec: InstanceRecord): Promise<void> {
  await ctx.annotate(verdictLine(rec), 'questbench', { contentType: 'text/markdown', body: instanceMarkdown(rec), bodyEncoding: 'utf-8' });
  await ctx.annotate(checksLine(rec), 'questbench checks');
  const rounds = roundsLine(rec);
  if (rounds) await ctx.annotate(rounds, 'questbench rounds');
}
