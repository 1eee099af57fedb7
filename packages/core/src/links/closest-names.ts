import { distance } from 'fastest-levenshtein';
import { nameOf } from './plan-move-links.js';

/** Most files a broken link's answer names as what it may have meant. */
export const maxClosest = 3;

/**
 * The files whose names are closest to the name a broken link holds (its last segment, `.md` and
 * case ignored), by edit distance: within a third of the longer name (at least 2), or holding it
 * whole when it is two fifths of it or more; nearest first, then by path. A name whose length is out of reach is passed over without
 * measuring, and `checkDeadline` runs every 1,024 names: the caller's time budget bounds the work.
 */
export function closestNames(linkPath: string, files: readonly string[], checkDeadline: () => void): string[] {
  const wanted = nameOf(linkPath).toLowerCase();
  if (wanted === '') return [];
  const found: { path: string; distance: number }[] = [];
  for (const [index, path] of files.entries()) {
    if (index % 1024 === 1023) checkDeadline();
    const name = nameOf(path).toLowerCase();
    const reach = Math.max(2, Math.floor(Math.max(name.length, wanted.length) / 3));
    // Holding the other whole counts when that is two fifths of it or more: `setup` in `setup-guide`, not `ratio` in `cmake-integration`.
    const [shorter, longer] = name.length > wanted.length ? [wanted, name] : [name, wanted];
    const holds = shorter.length >= 3 && 5 * shorter.length >= 2 * longer.length && longer.includes(shorter);
    if (!holds && Math.abs(name.length - wanted.length) > reach) continue;
    const apart = distance(wanted, name);
    if (holds || apart <= reach) found.push({ path, distance: holds ? Math.min(apart, reach) : apart });
  }
  found.sort((a, b) => a.distance - b.distance || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return found.slice(0, maxClosest).map((entry) => entry.path);
}
