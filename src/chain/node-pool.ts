import { startAnvil, type AnvilOptions, type RunningAnvil } from './anvil.ts';

export interface NodePool {
  /** (Re)starts the node of one slot from the prepared state; asking again restarts it. */
  restart(id: string): Promise<RunningAnvil>;
  size(): number;
  close(): Promise<void>;
}

/**
 * The run's anvil processes, owned by the main process so they die with the run even when a worker
 * crashes. A worker's chain sessions ask for their nodes by slot id through the control server.
 */
export function createNodePool(anvil: AnvilOptions): NodePool {
  const nodes = new Map<string, Promise<RunningAnvil>>();
  return {
    restart(id) {
      const previous = nodes.get(id);
      const next = (async () => {
        if (previous) await previous.then((n) => n.stop()).catch(() => {});
        return startAnvil(anvil);
      })();
      nodes.set(id, next);
      return next;
    },
    size: () => nodes.size,
    async close() {
      // If the run is interrupted before teardown (Ctrl-C, a crash), src/chain/anvil.ts kills every
      // anvil it started when the process exits.
      await Promise.all([...nodes.values()].map((n) => n.then((x) => x.stop()).catch(() => {})));
      nodes.clear();
    },
  };
}
