// The shared step of every protocol that lets a model act through code: run its script in the
// sandbox, check what it returned, and sign and send the transaction.
import type { Address, TransactionReceipt } from 'viem';
import type { ChainSession } from '../chain/session.ts';
import { signAndSend } from '../execution/send.ts';
import { enterStage } from '../fault-points.ts';
import { parseTxRequest } from '../execution/tx-request.ts';
import type { SchemaRule } from '../results/record.ts';
import { runAnswer } from '../sandbox/index.ts';
import { runTrustedAnswer } from '../sandbox/trusted.ts';
import type { PendingTransaction, SentTransaction } from '../validators/types.ts';

export interface ScriptContext {
  session: ChainSession;
  agent: Address;
  timeoutMs: number;
  /** Runs after a transaction passed its checks and before it is signed (the hard split's adversary). */
  beforeSend?: (tx: PendingTransaction) => Promise<void>;
  /**
   * The harness's own replay of a task's reference (the cost accounting) runs in this process: it is
   * the task's code, not a model's, and skips the sandbox's cost. Set only by src/instance/run.ts.
   */
  trusted?: boolean;
}

export type ScriptRun =
  | { kind: 'value'; value: unknown; logs: string }
  | { kind: 'failed'; outcome: 'schema_invalid' | 'runtime_error' | 'timeout'; rule?: SchemaRule; message: string; logs: string };

/** The address map a script receives: the session's as its chain names it, less the wallet itself (it gets agentAddress). */
export function scriptContracts(session: ChainSession): Record<string, string> {
  return Object.fromEntries(Object.entries(session.scriptEnv).filter(([k]) => k !== 'agent'));
}

/** Runs the code block of a reply in the sandbox with the read-only provider. */
export async function runScript(reply: string, ctx: ScriptContext): Promise<ScriptRun> {
  if (!ctx.trusted) await enterStage('script');
  const contracts = scriptContracts(ctx.session);
  // A fresh URL per script; a script whose instance spent its chain budget ends as a runtime_error naming it.
  const runner = ctx.trusted ? runTrustedAnswer : runAnswer;
  const run = await ctx.session.proxy.runScript((providerUrl, signal) =>
    runner(reply, { providerUrl, agentAddress: ctx.agent, deployedContracts: contracts }, { timeoutMs: ctx.timeoutMs, signal }),
  );
  if (run.kind === 'ok') return { kind: 'value', value: run.value, logs: run.logs };
  return {
    kind: 'failed',
    outcome: run.kind,
    ...(run.kind === 'schema_invalid' ? { rule: run.rule } : {}),
    message: run.message,
    logs: run.logs,
  };
}

export interface MinedTx {
  tx: SentTransaction;
  receipt: TransactionReceipt;
  revertReason?: string;
}

export type TxStep =
  | { kind: 'invalid'; rule: 'not_a_tx' | 'no_to' | 'not_serializable'; message: string }
  /** The harness (a foreign sender) or the node (funds, gas, nonce) refused to send it. */
  | { kind: 'rejected'; by: 'harness' | 'node'; message: string }
  | ({ kind: 'mined' } & MinedTx);

/** Checks what a script returned as a transaction and, if it is one, signs it with the wallet's key and sends it. */
export async function sendReturned(value: unknown, ctx: ScriptContext): Promise<TxStep> {
  const shape = parseTxRequest(value, ctx.agent);
  if (!shape.ok)
    return shape.rule === 'wrong_sender'
      ? { kind: 'rejected', by: 'harness', message: shape.message }
      : { kind: 'invalid', rule: shape.rule, message: shape.message };
  const { session } = ctx;
  await ctx.beforeSend?.({ from: ctx.agent, to: shape.tx.to, data: shape.tx.data, value: shape.tx.value });
  const sent = await signAndSend(session.chain, session.account, shape.tx, { chainId: session.chainInfo.chainId, marker: session.marker });
  if (sent.kind === 'rejected') return { kind: 'rejected', by: 'node', message: sent.message };
  return {
    kind: 'mined',
    tx: sent.tx,
    receipt: sent.receipt,
    ...(sent.revertReason !== undefined ? { revertReason: sent.revertReason } : {}),
  };
}
