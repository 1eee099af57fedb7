import { compileSearchPattern, type FileQuery, fileQuery, literalsOfMatches, type SearchFilesRequest } from '@vault/core/search-backend';
import { type LiteralScan, literalScanOf } from './literal-scan.js';
import { literalQuadgrams } from './quadgram-sketch.js';
import { literalTrigrams } from './trigram-postings.js';

/**
 * A query as a search worker runs it: core's, the trigrams of the literals every matching line holds one
 * of (see `literalTrigrams`), for the postings, and for a literal, how `indexOf` counts it in a held text.
 */
export interface WorkerQuery extends FileQuery {
  trigrams?: Uint32Array[];
  /** With `trigrams`, the quadgrams of the same literals, for the files' sketches (see `quadgramSketchOf`). */
  quadgrams?: Uint32Array[];
  scan?: LiteralScan;
}

/** The queries compiled last, so that a worker compiles a query once, not once per batch. */
const compiled = new Map<string, Promise<WorkerQuery>>();
const queriesKept = 16;

/** The request's query compiled where it runs, once: a worker gets a search in several batches, and searches often repeat. */
export function compileWorkerQuery({ query, regex, caseSensitive }: SearchFilesRequest): Promise<WorkerQuery> {
  const key = `${regex}:${caseSensitive}:${query}`;
  let found = compiled.get(key);
  if (found === undefined) {
    if (compiled.size >= queriesKept) compiled.clear();
    const literals = literalsOfMatches(query, regex);
    const trigrams = literalTrigrams(literals);
    const quadgrams = trigrams && literalQuadgrams(literals!);
    found = compileSearchPattern(query, regex, { caseSensitive }).then((pattern) => {
      // The case as the pattern settled it.
      const scan = literalScanOf({ query, regex, caseSensitive: pattern.caseSensitive });
      return { ...fileQuery(query, regex, pattern), ...(trigrams ? { trigrams, quadgrams } : {}), ...(scan ? { scan } : {}) };
    });
    compiled.set(key, found);
  }
  return found;
}
