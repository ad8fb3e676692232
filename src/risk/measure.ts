// An instance's risk record, measured after the model's run: the model's end state is read first, then
// the reference is replayed from the same pre-state only when the model moved something a reference
// could be needed for (value out of the wallet, an approval, a position). A model that did nothing,
// only reverted, or moved nothing out costs no replay. (A wallet agent's reference is replayed from the
// same pre-state while the agent thinks, before it acts; its capture is used here the same way.)
import type { PublicClient } from 'viem';
import { assessRisk } from './assess.ts';
import {
  captureReference,
  key,
  readAt,
  readSetOf,
  readStart,
  unionSets,
  type RiskPlan,
  type RiskStart,
  type RunCapture,
} from './capture.ts';
import { readRunLogs, type RunLogs, type RunTx } from './logs.ts';
import { saleShares, scaleBySaleShares } from './sale-share.ts';
import type { RiskRecord } from './schema.ts';

/** Whether the model's transactions can have cost the owner anything beyond gas, by what their receipts say. */
export function movedSomething(plan: RiskPlan, logs: RunLogs, txs: readonly RunTx[]): boolean {
  const agent = plan.agent.toLowerCase();
  const positions = new Set(plan.assets.positions.map((p) => p.address.toLowerCase()));
  const succeeded = txs.filter((t) => t.receipt.status === 'success');
  if (succeeded.length === 0) return false;
  return (
    succeeded.some((t) => t.tx.value > 0n && t.tx.to.toLowerCase() !== agent) ||
    // A transfer of nothing moves nothing (and must not cost the chain its model end state by a replay).
    logs.tokenFlows.some((f) => f.from.toLowerCase() === agent && f.amount > 0n) ||
    logs.nftFlows.some((f) => f.from.toLowerCase() === agent) ||
    logs.allowances.length + logs.operators.length + logs.nftApprovals.length > 0 ||
    [...logs.touched].some((a) => positions.has(a))
  );
}

export interface MeasureRisk {
  chain: PublicClient;
  plan: RiskPlan;
  start: RiskStart;
  /** The model's transactions, the chain at the model's end state. */
  modelTxs: RunTx[];
  /**
   * Puts the chain back at the pre-state, replays the reference and returns its transactions; or, when
   * the reference was replayed from the same pre-state before the model acted, what was captured then.
   */
  replayReference(): Promise<RunTx[] | RunCapture>;
}

export async function measureRisk(m: MeasureRisk): Promise<RiskRecord> {
  const { chain, plan, start, modelTxs } = m;
  if (modelTxs.length === 0)
    return { lostUsd: 0, exposureUsd: 0, gasUsd: 0, items: [], priceSource: 'no transaction from the model: nothing to price' };
  const logs = readRunLogs(modelTxs, plan.agent);
  const own = await readSetOf(chain, plan, logs);
  const end = await readAt(chain, plan, own);
  // Before any replay: the chain is still at the model's end state, where the wallet holds what it bought.
  const agentBalances = new Map(own.tokens.map((t) => [t.address.toLowerCase(), end.balances.get(key(t.address, plan.agent)) ?? 0n]));
  const shares = await saleShares(chain, plan.assets, plan.agent, own.tokens, agentBalances);
  const replayed = movedSomething(plan, logs, modelTxs) ? await m.replayReference() : undefined;
  // The reference's own run is its reference run: its end state is the one just read.
  const reference =
    replayed === modelTxs
      ? { txs: modelTxs, logs, set: own, end }
      : Array.isArray(replayed)
        ? await captureReference(chain, plan, replayed)
        : replayed;
  const set = reference ? unionSets(own, reference.set) : own;
  const { readings, prices } = await readStart(chain, plan, start, set);
  return assessRisk(plan, {
    txs: modelTxs,
    logs,
    set,
    end,
    start: readings,
    prices: scaleBySaleShares(prices, shares),
    ...(reference ? { reference } : {}),
  });
}
