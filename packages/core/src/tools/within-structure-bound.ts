import { largest } from './largest.js';

/**
 * The answer holding the most of its `results` (at least one) whose structured content fits `maxOutput` characters of
 * JSON: a page is filled by the rendered text's costs, and JSON takes more (field names, escapes), so the results
 * it would cut are left to the next page instead, and the answer's next offset follows what both forms show.
 * `firstResults(count)` is the answer with its first `count` results and the next offset after them.
 */
export function withinStructureBound<T>(results: number, firstResults: (count: number) => T, structure: (output: T) => unknown, maxOutput: number): T {
  const fits = (count: number) => JSON.stringify(structure(firstResults(count))).length <= maxOutput;
  return firstResults(results <= 1 || fits(results) ? results : (largest(1, results, fits) ?? 1));
}
