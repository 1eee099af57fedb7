import type { SearchedFile } from '@vault/core/search-backend';

/** Where each path of a list is in it, found once per list (the same array, never changed: a walk kept between searches). */
const placesKept = new WeakMap<readonly string[], Map<string, number>>();

function placesOf(paths: readonly string[]): Map<string, number> {
  const kept = placesKept.get(paths);
  if (kept) return kept;
  const places = new Map(paths.map((path, index) => [path, index]));
  placesKept.set(paths, places);
  return places;
}

/**
 * The results of each worker's part of a search, each in the order of `paths` (the files without a
 * match left out), merged back into that order: each found file put at its place in `paths` (looked up
 * once per list), so the merge costs what was found, not the list. The one place a search's results are
 * put in order.
 */
export function mergeShards(paths: readonly string[], shards: readonly (readonly SearchedFile[])[]): SearchedFile[] {
  const filled = shards.filter((found) => found.length > 0);
  if (filled.length <= 1) return [...(filled[0] ?? [])];
  const places = placesOf(paths);
  return filled
    .flat()
    .map((file) => ({ file, place: places.get(file.path)! }))
    .sort((a, b) => a.place - b.place)
    .map(({ file }) => file);
}
