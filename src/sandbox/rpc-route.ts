// Routes and tickets: one route per node behind the router, one ticket (an unguessable URL) per script.
// A ticket carries the instance budget its requests count against; a new script gets a new ticket, so
// nothing an earlier script left open reaches the node.
import { randomBytes } from 'node:crypto';
import { InstanceBudget, type InstanceUsage } from './rpc-budget.ts';
import type { RpcLimits } from './rpc-limits.ts';
import type { NodeAnswer, Upstream } from './rpc-upstream.ts';
import type { SandboxOutcome } from './outcome.ts';
import { handleBody, type Answer } from './rpc-request.ts';
import type { Ticket, TicketRoute } from './rpc-ticket.ts';

/**
 * One upstream node behind the router. Scripts reach it at http://127.0.0.1:<port>/<token>; the
 * token changes with every script (see settle), so nothing an earlier script left open reaches the node.
 */
export interface ProxyRoute {
  /** The URL the next script gets. */
  readonly url: string;
  /** Stops routing to the upstream; requests to the URL get "no such endpoint" from then on. */
  close(): void;
  /** Calls forwarded and refused over the route's life. */
  stats(): { forwarded: number; refused: number };
  /**
   * Starts a new instance: a fresh budget and a fresh URL. Resolves true once the node is done with
   * what earlier instances sent it, false if it is still busy after the drain timeout (replace the node then).
   */
  beginInstance(): Promise<boolean>;
  /**
   * Runs one script of the current instance: `run` gets the script's URL and a signal that ends the
   * script shortly after its budget (its own or the instance's) is spent; then the script is settled.
   */
  runScript(run: (providerUrl: string, budgetSpent: AbortSignal) => Promise<SandboxOutcome>): Promise<SandboxOutcome>;
  /**
   * After each script: its URL stops working (the next script gets a new one and a fresh allowance of
   * its own within the instance's), and a script that ran out of budget ends as a runtime_error naming it.
   */
  settle(run: SandboxOutcome): SandboxOutcome;
  /**
   * A wallet agent's transaction ends its step: the reads that follow get a fresh script allowance
   * (within the instance's), on the same URL (the agent's own reads may still be in flight).
   */
  nextStep(): void;
  /**
   * A request from the harness's side of this process (a wallet agent's endpoint forwarding the agent's
   * reads) on the current URL: the same rules, budget and slots as a request over HTTP, without the hop.
   */
  request(body: string): Promise<Answer>;
  /** What the current instance's scripts asked of the node so far. */
  usage(): InstanceUsage;
  /** HTTP requests on the node now, this route's, from any instance. */
  busy(): number;
}

export class Route implements ProxyRoute, TicketRoute {
  budget: InstanceBudget;
  ticket!: Ticket;
  readonly counts = { forwarded: 0, refused: 0 };
  private closed = false;

  constructor(
    private readonly tickets: Map<string, Ticket>,
    private readonly port: number,
    readonly upstream: Upstream,
    readonly limits: RpcLimits,
    private readonly fixedToken: string | undefined,
    private readonly onClose: (r: Route) => void,
  ) {
    this.budget = new InstanceBudget(limits);
    this.issue();
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/${this.ticket.token}`;
  }

  stats() {
    return { ...this.counts };
  }

  usage(): InstanceUsage {
    return structuredClone(this.budget.usage);
  }

  busy(): number {
    return this.upstream.busy;
  }

  async beginInstance(): Promise<boolean> {
    this.budget = new InstanceBudget(this.limits);
    this.issue();
    return this.upstream.idle(this.limits.drainTimeoutMs);
  }

  async runScript(run: (providerUrl: string, budgetSpent: AbortSignal) => Promise<SandboxOutcome>): Promise<SandboxOutcome> {
    return this.settle(await run(this.url, this.budget.signal));
  }

  nextStep(): void {
    this.budget.nextScript();
  }

  request(body: string): Promise<Answer> {
    return handleBody(this.ticket, Buffer.from(body, 'utf8'));
  }

  settle(run: SandboxOutcome): SandboxOutcome {
    const exhausted = this.budget.exhausted;
    this.budget.nextScript();
    this.issue();
    return exhausted ? { kind: 'runtime_error', message: exhausted.message, logs: run.logs, durationMs: run.durationMs } : run;
  }

  close(): void {
    this.closed = true;
    this.retire();
    this.upstream.close();
    this.onClose(this);
  }

  /** Sends `body` to the node, counting it as `calls` calls on `budget`. */
  async onNodeCall(body: string, budget: InstanceBudget, calls: number): Promise<NodeAnswer> {
    const out = await this.upstream.forward(body, (ms) => budget.spent(ms, calls));
    budget.answered(Buffer.byteLength(out.text));
    return out;
  }

  /** A new URL on the current budget; the old one stops working and its waiting requests are dropped. */
  private issue(): void {
    this.retire();
    if (this.closed) return;
    const token = this.fixedToken ?? randomBytes(16).toString('hex');
    this.ticket = { token, route: this, budget: this.budget, ended: new AbortController() };
    this.tickets.set(token, this.ticket);
  }

  private retire(): void {
    const t = this.ticket as Ticket | undefined;
    if (!t) return;
    t.ended.abort(new Error('the script this request came from has ended'));
    if (this.tickets.get(t.token) === t) this.tickets.delete(t.token);
  }
}
