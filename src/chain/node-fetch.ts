// A fetch for JSON-RPC to the local nodes over node:http with pooled connections. The harness sends
// tens of thousands of small requests a run; undici's fetch spends about twice the CPU per request on
// streams and Request/Response objects (measured 1.0 vs 0.5 ms a call against anvil), time every
// instance waits on when the two cores are shared by 32 of them.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true });

/** What viem's http transport and our batch reader use of a response. */
export interface NodeResponse {
  ok: boolean;
  status: number;
  statusText: string;
  body: null;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  json(): Promise<unknown>;
}

export interface NodeRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal | null;
}

function post(url: URL, init: NodeRequestInit): Promise<NodeResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: init.method ?? 'POST', headers: init.headers, agent, signal: init.signal ?? undefined },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('aborted', () => reject(new Error('the node closed the connection mid-answer')));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          const headers = res.headers;
          resolve({
            ok: status >= 200 && status < 300,
            status,
            statusText: res.statusMessage ?? '',
            body: null,
            headers: {
              get: (name) => {
                const v = headers[name.toLowerCase()];
                return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
              },
            },
            text: async () => text,
            json: async () => JSON.parse(text),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** fetch for plain-http node URLs; anything else (an https upstream) goes to the global fetch. */
export function nodeFetch(input: string | URL, init: NodeRequestInit = {}): Promise<NodeResponse> {
  const url = typeof input === 'string' ? new URL(input) : input;
  if (url.protocol !== 'http:') return fetch(url, init as RequestInit) as unknown as Promise<NodeResponse>;
  return post(url, init);
}
