// What the harness and a Deno host process (deno-host.mjs) say to each other over its socket, one JSON
// object per line. The harness sends jobs and cancellations; what the host sends back is checked here
// (HostMessage) before anything in Node reads it.
import type net from 'node:net';
import { z } from 'zod';
import { IsolateOutcome } from './outcome.ts';

export interface HostJob {
  /** The compiled skill as a data: URL (see moduleUrl). */
  src: string;
  args: [string, string, Record<string, string>];
  /** Vendor bundle URLs it imports (sorted): a spare Worker with these loaded is picked. */
  imports: string[];
  timeoutMs: number;
  maxOutputBytes: number;
  maxRssMb: number;
  /** Fetches the skill may have open at once; more wait inside its isolate. */
  maxFetches: number;
}

/** What a host returns for a job: its outcome, or word that the process ended before the job did. */
export type HostResult =
  | { outcome: IsolateOutcome; logs: string }
  /** `why` says how the process ended, for a host that ran this job alone. */
  | { lost: true; why: HostLoss; logs: string };

export type HostLoss =
  | { kind: 'memory'; rssMb: number; limitMb: number }
  | { kind: 'exit'; code: number | null; signal: NodeJS.Signals | null; stderrTail: string }
  | { kind: 'stuck'; timeoutMs: number }
  | { kind: 'ghost'; threads: number }
  | { kind: 'closed' };

/** Harness → host. */
export type HarnessMessage =
  | { op: 'init'; worker: string }
  | ({ op: 'run'; id: number } & Omit<HostJob, 'maxRssMb'>)
  | { op: 'cancel'; id: number; message: string };

/** Host → harness: a job's console output, its outcome (once), or the count of its live Workers. */
export const HostMessage = z.union([
  z.object({ id: z.number(), log: z.string() }),
  z.object({ id: z.number(), outcome: IsolateOutcome }),
  z.object({ op: z.literal('live'), n: z.number(), ended: z.boolean().optional() }),
]);
export type HostMessage = z.infer<typeof HostMessage>;

/** The message on one line from the host, or undefined for a line it cannot have sent. */
export function parseHostLine(line: string): HostMessage | undefined {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return undefined;
  }
  const msg = HostMessage.safeParse(json);
  return msg.success ? msg.data : undefined;
}

export const encodeLine = (msg: HarnessMessage): string => `${JSON.stringify(msg)}\n`;

/** Calls `onLine` with each non-empty line the socket receives. */
export function readLines(socket: net.Socket, onLine: (line: string) => void): void {
  let carry = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    carry += chunk;
    let nl;
    while ((nl = carry.indexOf('\n')) !== -1) {
      const line = carry.slice(0, nl);
      carry = carry.slice(nl + 1);
      if (line) onLine(line);
    }
  });
}

/** JavaScript source as a module URL a Worker can import. */
export const moduleUrl = (js: string) => `data:text/javascript;base64,${Buffer.from(js, 'utf8').toString('base64')}`;

/** What a job ended by `signal` reports. */
export const abortMessage = (signal: AbortSignal): string =>
  signal.reason instanceof Error ? signal.reason.message : 'the skill was stopped';
