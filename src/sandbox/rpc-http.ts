// The proxy's HTTP edge: writing an answer, and reading a request body within its size and time limits.
import type http from 'node:http';
import { LIMIT_EXCEEDED, type RpcLimits } from './rpc-limits.ts';
import { rpcError } from './rpc-policy.ts';

/** Answers with a JSON body, unless the client is gone or was answered already. */
export function send(res: http.ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...extraHeaders,
  });
  res.end(text);
}

/** Reads a request body within the size and time limits; answers and returns undefined when it breaks one. */
export function readBody(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  limits: RpcLimits,
  onRefused: () => void,
): Promise<Buffer | undefined> {
  const max = limits.maxBodyBytes;
  const tooLarge = () => {
    onRefused();
    send(res, 413, rpcError(null, LIMIT_EXCEEDED, `request body exceeds ${max} bytes`), { connection: 'close' });
    req.destroy();
  };
  if (Number(req.headers['content-length'] ?? 0) > max) {
    tooLarge();
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (body: Buffer | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(body);
    };
    // A body that trickles in holds a request open; it gets a fixed time to arrive, whatever its pace.
    const timer = setTimeout(() => {
      onRefused();
      send(res, 408, rpcError(null, LIMIT_EXCEEDED, `request body did not arrive within ${limits.bodyTimeoutMs} ms`), {
        connection: 'close',
      });
      req.destroy();
      finish(undefined);
    }, limits.bodyTimeoutMs);
    req.on('data', (c: Buffer) => {
      if (settled) return;
      size += c.length;
      if (size > max) {
        tooLarge();
        finish(undefined);
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => finish(Buffer.concat(chunks)));
    req.on('error', () => {
      res.destroy();
      finish(undefined);
    });
    req.on('close', () => finish(undefined));
  });
}
