// The leaderboard in the terminal: the table, then the hard split per hazard, tokens and step overhead.
import type { Leaderboard, ModelRow } from './leaderboard-types.ts';
import { columnsFor, f, SORT_WORDS } from './leaderboard-table.ts';
import { percent, usd } from './money.ts';

function table(lb: Leaderboard): { lines: string[]; nameWidth: number } {
  const columns = columnsFor(lb);
  // A Chain column once a row is not BSC's.
  const chains = lb.rows.some((r) => r.chain !== 'bsc');
  const head = ['Rank', 'Model', 'Protocol', ...(chains ? ['Chain'] : []), ...columns.map((c) => c.head), 'Quadrant'];
  const body = lb.rows.map((r) => [
    String(r.rank),
    `${r.key}${r.answers.replayed ? ' *' : ''}`,
    r.protocol,
    ...(chains ? [r.chain] : []),
    ...columns.map((c) => c.text(r)),
    r.quadrant ?? '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return { lines: [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)], nameWidth: widths[1]! };
}

/** Each model on several chains: its mean score per chain over the tasks they share, and the widest family gaps. */
export function chainLines(lb: Leaderboard): string[] {
  if (!lb.chainGaps.length) return [];
  const out = ['', 'Per chain (mean score per instance over the tasks every chain of the model ran) · families that differ most'];
  for (const g of lb.chainGaps) {
    const scores = g.chains.map((c) => `${c.chain} ${f(c.meanScore)}`).join(' · ');
    const widest = g.families
      .filter((x) => x.gap > 0)
      .slice(0, 3)
      .map(
        (x) =>
          `${x.family} ${Object.entries(x.byChain)
            .map(([c, v]) => `${c} ${f(v)}`)
            .join(' / ')}`,
      )
      .join('; ');
    out.push(`${g.model}: ${scores} over ${g.sharedTasks} tasks${widest ? ` | widest gaps: ${widest}` : ' | no family differs'}`);
  }
  return out;
}

/** Per row: hard-split pass rates per hazard, refusals as due, over-refusals and unsafe actions. */
function hardLines(rows: readonly ModelRow[], w: number): string[] {
  const hard = rows.filter((r) => r.hard);
  if (!hard.length) return [];
  const out = ['', 'Hard split (beside the published splits, not in the total): passes per hazard · refusals'];
  for (const r of hard) {
    const h = r.hard!;
    const hazards = Object.entries(h.byHazard)
      .map(([k, x]) => `${k} ${x.passed}/${x.instances}`)
      .join(' · ');
    out.push(
      `${r.key.padEnd(w)}  ${hazards} | refused as due ${h.refusedSafely}/${h.refusalInstances} · over-refusals ${h.overRefusals}/${h.actionInstances} · unsafe actions ${h.unsafe}`,
    );
  }
  const withMechanisms = hard.filter((r) => Object.keys(r.hard!.byMechanism).length);
  if (withMechanisms.length) out.push('', 'Hard split: passes per deciding mechanism');
  for (const r of withMechanisms) {
    const mechanisms = Object.entries(r.hard!.byMechanism)
      .map(([k, x]) => `${k} ${x.passed}/${x.instances}`)
      .join(' · ');
    out.push(`${r.key.padEnd(w)}  ${mechanisms}`);
  }
  return out;
}

/** Per row and split: the cost figures behind the table's columns. */
function costLines(rows: readonly ModelRow[], w: number): string[] {
  const costed = rows.filter((r) => r.cost);
  if (!costed.length) return [];
  const out = ['', `What mistakes cost (USD at each instance's pre-state prices; "lost money" = lost more than one cent)`];
  for (const r of costed) {
    const splits = (['atomic', 'composite', 'hard'] as const).flatMap((s) => {
      const c = r.cost![s];
      return c
        ? [
            `${s} lost ${usd(c.lostUsd)} (worst ${usd(c.worstUsd)}) · exposure ${usd(c.exposureUsd)} · lost money ${c.lossCount}/${c.measured}${c.quality ? ` · quality ${percent(c.quality.meanShare)}, left on the table ${usd(c.quality.leftOnTableUsd)}` : ''}`,
          ]
        : [];
    });
    const worst = r.cost!.all.worst;
    out.push(
      `${r.key.padEnd(w)}  ${splits.join(' | ')}${worst ? ` | worst: ${worst.taskId} r${worst.round}` : ''}${r.cost!.all.unmeasured ? ` | ${r.cost!.all.unmeasured} not measured` : ''}`,
    );
  }
  return out;
}

function reliabilityLines(rows: readonly ModelRow[], w: number): string[] {
  const multi = rows.filter((r) => r.reliability);
  if (!multi.length) return [];
  const out = ['', 'Reliability over rounds: pass^k (passed in every round) beside pass@1 · flaky tasks (passed in some rounds only)'];
  for (const r of multi) {
    const rel = r.reliability!;
    const splits = Object.entries(rel.bySplit)
      .map(([s, x]) => `${s} ${percent(x.passHatK)} (pass@1 ${percent(x.passAt1)})`)
      .join(' · ');
    const flaky = rel.flakyTasks.length ? `${rel.flakyTasks.slice(0, 6).join(', ')}${rel.flakyTasks.length > 6 ? ', …' : ''}` : 'none';
    out.push(`${r.key.padEnd(w)}  k=${rel.k} · ${splits} · flaky ${rel.flakyTasks.length}: ${flaky}`);
  }
  return out;
}

export function formatLeaderboard(lb: Leaderboard): string {
  const { lines: out, nameWidth: w } = table(lb);
  if (lb.sortedBy !== 'score') out.push(`Sorted by ${SORT_WORDS[lb.sortedBy]}; ranks are by mean total score.`);
  out.push('', `Medians: AtomicAvg ${f(lb.medians.atomicAvg)} · CompositeAvg ${f(lb.medians.compositeAvg)}`);
  for (const r of lb.rows.filter((x) => x.answers.replayed)) {
    out.push(
      `* ${r.key}: ${r.answers.replayed} of ${r.answers.live + r.answers.replayed} answers replayed from the response cache, not asked in this run`,
    );
  }
  if (lb.rankStability) {
    out.push(
      `Rank stability (Spearman ρ between rounds over model ranks): mean ${f(lb.rankStability.mean, 3)}, min ${f(lb.rankStability.min, 3)}, max ${f(lb.rankStability.max, 3)}`,
    );
  }
  out.push(...chainLines(lb), ...hardLines(lb.rows, w), ...costLines(lb.rows, w), ...reliabilityLines(lb.rows, w));
  const paid = lb.rows.filter((r) => r.tokens);
  if (paid.length) {
    out.push('', 'Tokens (paid in the runs; replayed answers cost none)');
    for (const r of paid) {
      const t = r.tokens!;
      out.push(`${r.key.padEnd(w)}  in ${t.input} · out ${t.output}${t.cost !== null ? ` · cost $${t.cost.toFixed(4)}` : ''}`);
    }
  }
  const steps = lb.rows.filter((r) => r.steps);
  if (steps.length) {
    out.push('', 'Step overhead (composite)', 'Model'.padEnd(w) + '  K_act  K_opt  Δ mean  over optimal  P90  efficiency');
    for (const r of steps) {
      const s = r.steps!;
      out.push(
        `${r.key.padEnd(w)}  ${f(s.meanKAct, 2).padEnd(5)}  ${f(s.meanKOpt, 2).padEnd(5)}  ${f(s.overheadMean, 2).padEnd(6)}  ${`${f(s.shareOverOptimal * 100)}%`.padEnd(12)}  ${f(s.p90).padEnd(3)}  ${f(s.efficiency, 3)}`,
      );
    }
  }
  return out.join('\n');
}
