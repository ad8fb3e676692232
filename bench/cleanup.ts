// Cleanup hooks for an interrupted bench: finally blocks do not run when a signal ends the process.

const hooks = new Set<() => unknown>();

/** Registers a cleanup; the returned function unregisters it once the resource is released normally. */
export function onCleanup(fn: () => unknown): () => void {
  hooks.add(fn);
  return () => hooks.delete(fn);
}

export async function runCleanup(): Promise<void> {
  const pending = [...hooks].map(async (fn) => {
    try {
      await fn();
    } catch {
      // best effort
    }
  });
  hooks.clear();
  await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, 3_000))]);
}
