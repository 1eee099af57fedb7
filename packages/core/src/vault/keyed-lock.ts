/**
 * Serialises async work per key: work on one key runs one at a time, in call order;
 * work on different keys runs concurrently.
 */
export interface KeyedLock {
  run<T>(keys: readonly string[], work: () => Promise<T>): Promise<T>;
}

export function createKeyedLock(): KeyedLock {
  const tails = new Map<string, Promise<void>>();

  async function runOne<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => current);
    tails.set(key, tail);
    await previous;
    try {
      return await work();
    } finally {
      release();
      if (tails.get(key) === tail) tails.delete(key);
    }
  }

  return {
    run<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
      // Sorted and de-duplicated, so that two callers locking the same pair never wait on each other.
      const ordered = [...new Set(keys)].sort();
      const nest = (index: number): Promise<T> => (index === ordered.length ? work() : runOne(ordered[index]!, () => nest(index + 1)));
      return nest(0);
    },
  };
}
