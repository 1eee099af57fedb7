import type { SearchedFile } from '@vault/core/search-backend';

/**
 * The results of each worker's part of a search, each in the order of `paths` (the files without a
 * match left out), merged back into that order: one pass over the paths, taking each from its
 * worker's results where it is next. The one place a search's results are put in order.
 */
export function mergeShards(paths: readonly string[], shardOf: (path: string) => number, shards: readonly (readonly SearchedFile[])[]): SearchedFile[] {
  const filled = shards.filter((found) => found.length > 0);
  if (filled.length <= 1) return [...(filled[0] ?? [])];
  const next = shards.map(() => 0);
  const merged: SearchedFile[] = [];
  for (const path of paths) {
    const shard = shardOf(path);
    const found = shards[shard]![next[shard]!];
    if (found?.path !== path) continue;
    merged.push(found);
    next[shard]! += 1;
  }
  return merged;
}
