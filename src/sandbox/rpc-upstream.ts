// The proxy's client to one anvil node: pooled connections, a cap on the size of an answer, and a count
// of the requests on the node now, so a route can wait until the node is done with an earlier instance.
import http from 'node:http';
import https from 'node:https';
import { QuestError } from '../errors.ts';

/** The node's answer was larger than the route allows; the connection was dropped. */
export class ResponseTooLarge extends QuestError {
  override name = 'ResponseTooLarge';
  constructor(message: string) {
    super('RESPONSE_TOO_LARGE', message);
  }
}

export interface NodeAnswer {
  status: number;
  text: string;
}

export class Upstream {
  private readonly url: URL;
  private readonly transport: typeof http | typeof https;
  private readonly agent: http.Agent;
  private onNode = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(
    upstreamUrl: string,
    private readonly maxResponseBytes: number,
  ) {
    this.url = new URL(upstreamUrl);
    if (this.url.protocol !== 'http:' && this.url.protocol !== 'https:') {
      throw new TypeError(`upstream must be an http(s) URL, got ${upstreamUrl}`);
    }
    this.transport = this.url.protocol === 'https:' ? https : http;
    // One pooled connection set to anvil: avoids a TCP handshake per call.
    this.agent = new this.transport.Agent({ keepAlive: true, maxSockets: 64 });
  }

  /** HTTP requests on the node now. */
  get busy(): number {
    return this.onNode;
  }

  close(): void {
    this.agent.destroy();
  }

  /**
   * Posts `body` to the node, counted as on the node until it is answered. `onSettled` gets the time
   * it took, answered or not, before the node may count as idle.
   */
  async forward(body: string, onSettled?: (ms: number) => void): Promise<NodeAnswer> {
    this.onNode++;
    const start = performance.now();
    try {
      return await this.post(body);
    } finally {
      onSettled?.(performance.now() - start);
      if (--this.onNode === 0) {
        const waiters = this.idleWaiters;
        this.idleWaiters = [];
        for (const w of waiters) w();
      }
    }
  }

  /** Resolves true once nothing is on the node, false after `timeoutMs`. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.onNode === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.idleWaiters = this.idleWaiters.filter((w) => w !== done);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.idleWaiters.push(done);
    });
  }

  private post(body: string): Promise<NodeAnswer> {
    const max = this.maxResponseBytes;
    return new Promise((resolve, reject) => {
      const req = this.transport.request(
        this.url,
        {
          method: 'POST',
          agent: this.agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            size += c.length;
            if (size > max) {
              res.destroy();
              reject(new ResponseTooLarge(`the node's answer exceeds ${max} bytes`));
              return;
            }
            chunks.push(c);
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 502, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
          res.on('close', () => reject(new Error('the node closed the connection')));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }
}
