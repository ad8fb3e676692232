import { createPublicClient, createTestClient, http, type PublicClient, type TestClient } from 'viem';

export interface ChainClients {
  url: string;
  public: PublicClient;
  test: TestClient<'anvil'>;
  /** Raw JSON-RPC call for methods viem has no action for. */
  request<T = unknown>(method: string, params?: unknown[]): Promise<T>;
}

export function chainClients(url: string): ChainClients {
  // Requests issued together (validators' parallel reads) go out as one JSON-RPC batch.
  const transport = http(url, { retryCount: 0, timeout: 30_000, batch: { wait: 0 } });
  const pub = createPublicClient({ transport, cacheTime: 0 }) as PublicClient;
  const test = createTestClient({ mode: 'anvil', transport, cacheTime: 0 });
  return {
    url,
    public: pub,
    test,
    request: <T>(method: string, params: unknown[] = []) =>
      pub.request({ method: method as never, params: params as never }) as Promise<T>,
  };
}
