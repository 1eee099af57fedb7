/**
 * Files per task, at least: small enough that a search waits little for another's batch, large enough
 * that messages stay few. A worker's part of a large search goes in `batchesPerShard` batches: each
 * message is a round trip between threads, which on a busy machine costs more than searching 64 warm files.
 */
const minBatchSize = 64;
const batchesPerShard = 4;
/** Paths whose worker is remembered, at most (a lookup costs less than the hash). */
const remembered = 1_000_000;

/** Which worker each file belongs to, and a search's files cut into each worker's batches; made by `createSharding`. */
export interface Sharding {
  /** The worker of `path`: a hash of the path, the same at every search, so that a worker finds there the texts it keeps. */
  shardOf(path: string): number;
  /**
   * The paths of each worker, in the order given, cut in batches (of `batchSize` paths, when given). The
   * same list (the same array, never changed) gives the same batches, cut once.
   */
  batchesOf(paths: readonly string[], batchSize?: number): (readonly string[])[][];
}

/** The sharding of files among `size` workers. */
export function createSharding(size: number): Sharding {
  const shards = new Map<string, number>();
  const shardOf = (path: string) => {
    let shard = shards.get(path);
    if (shard === undefined) {
      shard = fnv1a(path) % size;
      if (shards.size >= remembered) shards.clear();
      shards.set(path, shard);
    }
    return shard;
  };
  const cut = new WeakMap<readonly string[], (readonly string[])[][]>();
  return {
    shardOf,
    batchesOf(paths, fixedSize) {
      const known = fixedSize === undefined ? cut.get(paths) : undefined;
      if (known) return known;
      const parts: string[][] = Array.from({ length: size }, () => []);
      for (const path of paths) parts[shardOf(path)]!.push(path);
      const batches = parts.map((part) => {
        const batchSize = fixedSize ?? Math.max(minBatchSize, Math.ceil(part.length / batchesPerShard));
        return Array.from({ length: Math.ceil(part.length / batchSize) }, (_, batch) => part.slice(batch * batchSize, (batch + 1) * batchSize));
      });
      if (fixedSize === undefined) cut.set(paths, batches);
      return batches;
    },
  };
}

/** FNV-1a of a string's code units, as an unsigned 32-bit number. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}
