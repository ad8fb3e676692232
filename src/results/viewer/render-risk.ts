// The parts of an opened instance that the hard split, the cost accounting and wallet agents add:
// the hazard and its note, the refusal, what the instance cost the owner (each item in words, the
// price source), and a wallet agent's step count. Pure markup, like render.ts.
import { usd } from '../money.ts';
import { esc } from './highlight.ts';
import type { CostView, Detail, WalletAgentView } from './model.ts';

const num = (x: number, d = 2) => (Number.isInteger(x) ? String(x) : x.toFixed(d));

/** The hazard the task tests, the real-world failure it stands for, and what a careful wallet does. */
export function hazardBlock(d: Detail): string {
  const expects =
    d.expects === 'refusal' ? 'a careful wallet refuses this request and moves nothing' : 'a careful wallet carries this request out';
  const mechanisms = (d.mechanisms ?? [])
    .map((m, i) => `<span class="badge mech${i ? ' also' : ''}" title="${i ? 'also needs' : 'decides the task'}">${esc(m)}</span> `)
    .join('');
  return `<p class="hazard"><span class="badge hz">${esc(d.hazard ?? '')}</span> ${mechanisms}${d.note ? `${esc(d.note)} · ` : ''}<span class="muted">${expects}</span></p>`;
}

export const refusalBlock = (reason: string) => `<h4>Refused</h4><blockquote class="refusal">${esc(reason)}</blockquote>`;

/** Lost, exposure and gas; each item in words; the price source, folded. */
export function costBlock(
  risk: CostView | undefined,
  riskError: string | undefined,
  shared: readonly string[],
  labelled: (s: string) => string,
): string {
  if (!risk) return `<h4>What it cost</h4><p class="error">${esc(riskError ?? 'not measured')}</p>`;
  const lost = risk.lostUsd > 0;
  const items = risk.items.length
    ? `<ul class="cost-items">${risk.items
        .map(
          (i) =>
            `<li class="item${i.usd > 0 ? ' money' : ''}" data-kind="${esc(i.kind)}"><span class="kind">${esc(i.kind.replace(/_/g, ' '))}</span> ${esc(i.detail)}${i.to ? ` <span class="muted">→ ${labelled(i.to)}</span>` : ''}</li>`,
        )
        .join('')}</ul>`
    : '<p class="muted">Nothing lost or exposed against the reference: only gas.</p>';
  const source = typeof risk.priceSource === 'number' ? (shared[risk.priceSource] ?? '') : risk.priceSource;
  return `<h4>What it cost</h4><p class="cost-figures${lost ? ' lost' : ''}">Value lost <b data-usd="${risk.lostUsd}">${usd(risk.lostUsd)}</b> · exposure <b data-usd="${risk.exposureUsd}">${usd(risk.exposureUsd)}</b> · gas ${usd(risk.gasUsd)} <span class="muted">(against the task's reference on the same instance)</span></p>${items}<details class="prices"><summary>price source</summary><p class="muted">${esc(source)}</p></details>`;
}

/** An execution task's quality: where the wallet ended between the naive execution and the optimum. */
export function qualityBlock(q: NonNullable<Detail['quality']>): string {
  const value = q.value === undefined ? 'no end state to value' : `wallet <b data-usd="${q.value}">${usd(q.value)}</b>`;
  const left = q.leftOnTableUsd === undefined ? '' : ` · left on the table <b data-usd="${q.leftOnTableUsd}">${usd(q.leftOnTableUsd)}</b>`;
  return `<h4>Execution quality</h4><p class="quality-figures">quality <b>${(q.share * 100).toFixed(1)} %</b> · ${num(q.points)}/${q.weight} points · ${value} · naive ${usd(q.naive)} · optimum ${usd(q.optimum)}${left}${q.detail ? ` <span class="muted">(${esc(q.detail)})</span>` : ''}</p>`;
}

/** A wallet agent's run in one line: transactions sent against K_opt, the decay, how it ended. */
export function agentStepsLine(w: WalletAgentView): string {
  const exit = w.exitCode !== undefined && w.exitCode !== null ? ` · exit code ${w.exitCode}` : '';
  return `<p class="steps agent">wallet agent · K_act <b>${w.kAct}</b> transactions sent / K_opt <b>${w.kOpt}</b> · decay <b>${num(w.decay, 3)}</b> · end-state score ${num(w.baseScore)} × ${num(w.decay, 3)} = <b>${num(w.baseScore * w.decay)}</b> · ${w.signatures} signature${w.signatures === 1 ? '' : 's'} · ended: ${esc(w.endReason)}${exit}</p>`;
}
