/**
 * Path order, segment by segment (a folder's files come right after it: `docs/atl/x.md` before
 * `docs/atl-mfc/y.md`), each segment in code-unit order: the same on every platform and locale.
 */
export function comparePaths(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    // "/" sorts before every character a name can hold.
    if (x !== y) return (x === 47 ? -1 : x) - (y === 47 ? -1 : y);
  }
  return a.length - b.length;
}

/** `list` (in path order) with `more` put in their places by path; `list` itself when there are none. */
export function withPlacesByPath<T extends { path: string }>(list: T[], more: readonly T[]): T[] {
  return more.length === 0 ? list : [...list, ...more].sort((a, b) => comparePaths(a.path, b.path));
}
