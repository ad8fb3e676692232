// A script's URL on the proxy, and what its requests need of the route that issued it. Apart from the
// route, so the request handling and the forwarding can name it without importing the route back.
import type { InstanceBudget } from './rpc-budget.ts';
import type { RpcLimits } from './rpc-limits.ts';
import type { NodeAnswer } from './rpc-upstream.ts';

/** The route a ticket belongs to, as its requests see it. */
export interface TicketRoute {
  readonly limits: RpcLimits;
  readonly counts: { forwarded: number; refused: number };
  onNodeCall(body: string, budget: InstanceBudget, calls: number): Promise<NodeAnswer>;
}

/** The URL of one script: requests to it count against its instance's budget. */
export interface Ticket {
  token: string;
  route: TicketRoute;
  budget: InstanceBudget;
  /** Aborted when the script's run is over: its requests still waiting are dropped. */
  ended: AbortController;
  /** The node's block number, read once per script (no block is mined while a script runs). */
  head?: Promise<bigint>;
}

/** The node's block number, on the script's budget. */
export async function readHead(t: Ticket): Promise<bigint> {
  const out = await t.route.onNodeCall(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }), t.budget, 1);
  const parsed = JSON.parse(out.text) as { result?: unknown };
  if (typeof parsed.result !== 'string') throw new Error('the node did not report its block number');
  return BigInt(parsed.result);
}
