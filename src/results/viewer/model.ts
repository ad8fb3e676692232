// The data a run page embeds, shared by the builder (Node) and the page's script (browser). Types only.

/** A transaction for display: target named from the address map, value in BNB, call decoded when the ABI is known. */
export interface TxView {
  to: string;
  value: string;
  valueBnb: string;
  data: string;
  status: string;
  gasUsed: string;
  hash: string;
  call?: CallView;
}

export interface CallView {
  fn: string;
  signature: string;
  args: { name: string; type: string; value: string }[];
  /** "abi": the target's own ABI; "selector": matched by selector among every known ABI. */
  via: 'abi' | 'selector';
}

export interface CheckView {
  name: string;
  weight: number;
  passed: boolean;
  detail: string;
  deviation?: number | null;
  tolerance?: number;
}

/** One composite round: the harness's log line plus, with transcripts, what was said and sent. */
export interface RoundView {
  kind: string;
  summary?: string;
  reply?: string;
  logs?: string;
  tx?: TxView;
  feedback?: string;
}

/** What the model's transactions cost the owner (src/risk): each item in words, and where the prices came from. */
export interface CostView {
  lostUsd: number;
  exposureUsd: number;
  gasUsd: number;
  items: { kind: string; token: string; amount: string; usd: number; detail: string; to?: string }[];
  priceSource: Text;
}

/** A wallet agent's run: transactions sent against K_opt, the decay, how it ended; its trajectory as rounds. */
export interface WalletAgentView {
  kAct: number;
  kOpt: number;
  baseScore: number;
  decay: number;
  endReason: string;
  signatures: number;
  exitCode?: number | null;
  rounds: RoundView[];
}

/** A message's content, or the index of a long text shared by many instances (the system prompts). */
export type Text = string | number;

/** Everything shown when one instance is opened; only parsed when its model's first instance is opened. */
export interface Detail {
  instruction: string;
  params: Record<string, unknown>;
  templateIndex: number;
  seed: number;
  checks: CheckView[];
  error?: string;
  schemaRule?: string;
  latencyMs: number;
  modelLatencyMs?: number;
  tokens?: { input: number; output: number };
  answers?: { live: number; replayed: number };
  /** False when only the summary JSON was available: no prompt, replies, logs or transaction. */
  transcript: boolean;
  messages?: { role: string; content: Text }[];
  reply?: string;
  logs?: string;
  tx?: TxView;
  /** A query's answer, as JSON text. */
  answer?: string;
  /** Hard split: the family of mistakes, the real-world failure the task stands for, what a careful wallet does. */
  hazard?: string;
  /** What makes the task hard, the deciding mechanism first. */
  mechanisms?: string[];
  note?: string;
  expects?: 'action' | 'refusal';
  /** The model refused, and why. */
  refusal?: string;
  risk?: CostView;
  /** Why the cost could not be measured. */
  riskError?: string;
  /** Execution tasks: the wallet after the run against the naive execution and the optimum (USD), and the points. */
  quality?: {
    weight: number;
    value?: number;
    naive: number;
    optimum: number;
    share: number;
    points: number;
    leftOnTableUsd?: number;
    detail?: string;
  };
  walletAgent?: WalletAgentView;
  composite?: {
    pattern: string;
    kAct: number;
    kOpt: number;
    budget: number;
    baseScore: number;
    decay: number;
    endReason: string;
    plan: string;
    rounds: RoundView[];
    /** The reply that ended the episode without counting as a round (the submit). */
    final?: string;
  };
}

/** One line of the instance list (always loaded): what the filters and the list need. */
export interface Row {
  /** Model index. */
  m: number;
  split: 'atomic' | 'composite' | 'hard';
  task: string;
  round: number;
  score: number;
  passed: boolean;
  outcome: string;
  /** Subcategory (atomic) or pattern (composite). */
  group: string;
  /** Hard split: the task's hazard, and the mechanism that decides it. */
  hazard?: string;
  mech?: string;
  /** Value lost (USD), when the instance lost money (more than a cent). */
  lost?: number;
  kAct?: number;
  kOpt?: number;
  /** Failed checks' names, or the error, for the list. */
  why?: string;
  /** Index into the model's detail array. */
  d: number;
}

export interface ModelInfo {
  /** The leaderboard row's name: the model, with the protocol unless it is the paper's text protocol. */
  name: string;
  protocol: string;
  runs: string[];
  /** Instances of this model with a transcript (from the JSONL) and without. */
  withTranscript: number;
  withoutTranscript: number;
  /** JSONL files that were looked for and not found. */
  missing: string[];
}

export interface ViewerIndex {
  models: ModelInfo[];
  rows: Row[];
  passLine: number;
  /** Lower-case address → name (a key of the address map, or "the wallet"), to label addresses in check details and feedback. */
  labels: Record<string, string>;
}
