// Node 20 lacks three ES2024 globals that vitest 5, prool and ai 7 call (they declare node >= 22).
// Installed once, only when missing, so node 22/24 keep their native versions.
type Grouper<T, K> = (item: T, index: number) => K;

if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value<T, K>(items: Iterable<T>, key: Grouper<T, K>): Map<K, T[]> {
      const out = new Map<K, T[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        const list = out.get(k);
        if (list) list.push(item);
        else out.set(k, [item]);
      }
      return out;
    },
  });
}

if (typeof (Object as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Object, 'groupBy', {
    configurable: true,
    writable: true,
    value<T>(items: Iterable<T>, key: Grouper<T, PropertyKey>): Record<PropertyKey, T[]> {
      const out: Record<PropertyKey, T[]> = Object.create(null);
      let i = 0;
      for (const item of items) (out[key(item, i++)] ??= []).push(item);
      return out;
    },
  });
}

if (typeof (Promise as { withResolvers?: unknown }).withResolvers !== 'function') {
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value<T>() {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

export {};
