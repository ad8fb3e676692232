// Turns run files (and the JSONL transcripts beside them) into the compact data a run page embeds:
// an index the list and filters use, per-model detail arrays parsed only when an instance is opened,
// and one table of long texts (system prompts) that every instance shares.
import { lostMoney } from '../cost.ts';
import { instanceKey, protocolOf, runLabel, type InstanceRecord, type RoundTranscript, type RunResult } from '../record.ts';
import { groupOf, outcomeKey } from '../run-summary.ts';
import { PASS_LINE } from '../../validators/score.ts';
import { addressBook, describeTx } from './decode.ts';
import type { Detail, ModelInfo, RoundView, Row, Text, ViewerIndex, WalletAgentView } from './model.ts';

type Instance = RunResult['instances'][number];

/** A run file with its transcripts: `records` is undefined when no JSONL was found at `jsonlPath`. */
export interface LoadedRun {
  result: RunResult;
  records: InstanceRecord[] | undefined;
  jsonlPath: string;
}

export interface ViewerData {
  index: ViewerIndex;
  /** Long texts many instances share, referenced by index from Detail.messages. */
  shared: string[];
  /** Per model (same order as index.models), the details its rows point at. */
  details: Detail[][];
}

// Texts this long that repeat (the system prompt, about 5 kB) are stored once.
const SHARE_FROM = 400;

/** The replies and feedback of an episode recorded before rounds were structured: split "[role] text" turns. */
export function turnsFromResponse(response: string): RoundTranscript[] {
  const parts = response.split(/\n\n(?=\[(?:assistant|user)\] )/).map((p) => {
    const m = /^\[(assistant|user)\] ([\s\S]*)$/.exec(p);
    return m ? { role: m[1]!, content: m[2]! } : { role: 'assistant', content: p };
  });
  const turns: RoundTranscript[] = [];
  // parts[0] is the plan and parts[1] the "Round 1 of at most ..." prompt; then reply, feedback, ...
  for (const p of parts.slice(2)) {
    if (p.role === 'assistant') turns.push({ reply: p.content });
    else if (turns.length) turns[turns.length - 1]!.feedback = p.content;
  }
  return turns;
}

const why = (i: Instance) => {
  const failed = i.checks.filter((c) => !c.passed).map((c) => c.name);
  const text = i.error && (i.outcome !== 'wrong_state' || !failed.length) ? i.error : failed.join('; ');
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
};

/** Hard-split facts, the refusal and the cost: from the transcript's record when there is one, else the results file. */
function riskAndHazard(i: Instance, rec: InstanceRecord | undefined, share: (s: string, always?: boolean) => Text): Partial<Detail> {
  const risk = rec?.risk ?? i.risk;
  const riskError = rec?.riskError ?? i.riskError;
  const refusal = rec?.refusal ?? i.refusal;
  const note = rec?.note ?? i.note;
  const quality = rec?.quality ?? i.quality;
  return {
    ...(i.hazard ? { hazard: i.hazard } : {}),
    ...(i.mechanisms ? { mechanisms: [...i.mechanisms] } : {}),
    ...(note ? { note } : {}),
    ...(i.expects ? { expects: i.expects } : {}),
    ...(refusal ? { refusal: refusal.reason } : {}),
    // Every instance of a run names the same few price sources: stored once.
    ...(risk ? { risk: { ...risk, priceSource: share(risk.priceSource, true) } } : {}),
    ...(riskError ? { riskError } : {}),
    ...(quality ? { quality } : {}),
  };
}

/** A wallet agent's step as a round: a transaction (mined or reverted), a signature, or a refused request. */
const agentRoundKind = (t: RoundTranscript): string =>
  t.tx
    ? t.tx.status === 'success'
      ? 'tx'
      : 'tx_reverted'
    : t.feedback === 'signed'
      ? 'signature'
      : t.feedback?.startsWith('refused')
        ? 'refused'
        : 'step';

function walletAgentOf(
  i: Instance,
  rec: InstanceRecord | undefined,
  tx: (x: InstanceRecord['tx']) => { tx?: RoundView['tx'] },
): WalletAgentView | undefined {
  const w = rec?.walletAgent ?? i.walletAgent;
  if (!w) return undefined;
  const rounds = (rec?.transcript.rounds ?? []).map((t) => ({
    kind: agentRoundKind(t),
    reply: t.reply,
    ...tx(t.tx),
    ...(t.feedback ? { feedback: t.feedback } : {}),
  }));
  return { ...w, rounds };
}

function detailOf(
  i: Instance,
  rec: InstanceRecord | undefined,
  share: (s: string, always?: boolean) => Text,
  labels: Record<string, string>,
): Detail {
  const base: Detail = {
    instruction: rec?.instruction ?? i.instruction ?? '',
    params: i.params,
    templateIndex: i.templateIndex,
    seed: i.seed,
    checks: i.checks,
    ...(i.error ? { error: i.error } : {}),
    ...(i.schemaRule ? { schemaRule: i.schemaRule } : {}),
    latencyMs: i.latencyMs,
    ...(rec?.modelLatencyMs !== undefined ? { modelLatencyMs: rec.modelLatencyMs } : {}),
    ...(i.tokens ? { tokens: i.tokens } : {}),
    ...(i.answers ? { answers: i.answers } : {}),
    ...riskAndHazard(i, rec, share),
    transcript: rec !== undefined,
  };
  const c = i.composite;
  if (!rec) {
    const agent = walletAgentOf(i, undefined, () => ({}));
    if (agent) return { ...base, walletAgent: agent };
    return c ? { ...base, composite: { ...c, rounds: c.rounds.map((r) => ({ kind: r.kind, summary: r.summary })) } } : base;
  }
  const t = rec.transcript;
  const system = t.messages.find((m) => m.role === 'system')?.content ?? '';
  const book = addressBook(system);
  for (const [address, key] of book) labels[address.toLowerCase()] ??= key;
  if (rec.agent) labels[rec.agent.toLowerCase()] = 'the wallet';
  const tx = (x: InstanceRecord['tx']) => (x ? { tx: describeTx(x, book, rec.agent) } : {});
  const detail: Detail = {
    ...base,
    messages: t.messages.map((m) => ({ role: m.role, content: share(m.content) })),
    ...('answer' in rec && rec.answer !== undefined ? { answer: JSON.stringify(rec.answer, null, 2) } : {}),
  };
  const agent = walletAgentOf(i, rec, tx);
  // A wallet agent's trajectory is its rounds; its reply is its final word and its logs are its output.
  if (agent) return { ...detail, walletAgent: agent, reply: t.response, logs: t.logs };
  if (!c) return { ...detail, reply: t.response, logs: t.logs, ...tx(rec.tx) };
  const turns = t.rounds ?? turnsFromResponse(t.response);
  const rounds: RoundView[] = c.rounds.map((r, n) => {
    const turn = turns[n];
    return {
      kind: r.kind,
      // The feedback repeats the harness's log line; keep the line only where there is no feedback.
      ...(turn?.feedback ? {} : { summary: r.summary }),
      ...(turn ? { reply: turn.reply } : {}),
      ...(turn?.logs ? { logs: turn.logs } : {}),
      ...tx(turn?.tx),
      ...(turn?.feedback ? { feedback: turn.feedback } : {}),
    };
  });
  const final = turns[c.rounds.length]?.reply;
  return { ...detail, composite: { ...c, rounds, ...(final !== undefined ? { final } : {}) } };
}

/**
 * The page data for runs of one or more models (several runs of one model merge by instance, the
 * last one winning, as in the leaderboard). `order` lists the models in display order.
 */
export function buildViewerData(runs: readonly LoadedRun[], order?: readonly string[]): ViewerData {
  // Keyed as leaderboard rows are: one model under two protocols is two entries.
  const byModel = new Map<string, LoadedRun[]>();
  for (const r of runs) byModel.set(runLabel(r.result.run), [...(byModel.get(runLabel(r.result.run)) ?? []), r]);
  const names = [...(order ?? []).filter((m) => byModel.has(m)), ...[...byModel.keys()].filter((m) => !order?.includes(m))];

  const shared: string[] = [];
  const sharedAt = new Map<string, number>();
  const share = (s: string, always = false): Text => {
    if (s.length < SHARE_FROM && !always) return s;
    let at = sharedAt.get(s);
    if (at === undefined) {
      at = shared.push(s) - 1;
      sharedAt.set(s, at);
    }
    return at;
  };

  const labels: Record<string, string> = {};
  const models: ModelInfo[] = [];
  const details: Detail[][] = [];
  const rows: Row[] = [];
  names.forEach((name, m) => {
    const merged = new Map<string, { i: Instance; rec: InstanceRecord | undefined }>();
    const missing: string[] = [];
    for (const run of byModel.get(name)!) {
      if (!run.records) missing.push(run.jsonlPath);
      const recs = new Map((run.records ?? []).map((r) => [instanceKey(r), r]));
      for (const i of run.result.instances) merged.set(instanceKey(i), { i, rec: recs.get(instanceKey(i)) });
    }
    const list: Detail[] = [];
    let withTranscript = 0;
    for (const { i, rec } of merged.values()) {
      if (rec) withTranscript++;
      const d = list.push(detailOf(i, rec, share, labels)) - 1;
      rows.push({
        m,
        split: i.split,
        task: i.taskId,
        round: i.round,
        score: i.score,
        passed: i.passed,
        outcome: outcomeKey(i),
        group: groupOf(i) ?? '',
        ...(i.hazard ? { hazard: i.hazard } : {}),
        ...(i.mechanisms?.[0] ? { mech: i.mechanisms[0] } : {}),
        ...(lostMoney(rec?.risk ?? i.risk) ? { lost: (rec?.risk ?? i.risk)!.lostUsd } : {}),
        ...(i.composite ? { kAct: i.composite.kAct, kOpt: i.composite.kOpt } : {}),
        ...(i.passed && i.score >= 100 ? {} : { why: why(i) }),
        d,
      });
    }
    details.push(list);
    models.push({
      name,
      protocol: protocolOf(byModel.get(name)![0]!.result.run),
      runs: byModel.get(name)!.map((r) => r.result.run.id),
      withTranscript,
      withoutTranscript: merged.size - withTranscript,
      missing,
    });
  });
  rows.sort((a, b) => a.split.localeCompare(b.split) || a.task.localeCompare(b.task) || a.round - b.round || a.m - b.m);
  return { index: { models, rows, passLine: PASS_LINE, labels }, shared, details };
}
