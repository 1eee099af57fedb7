import { compileSearchPattern, type FileQuery, fileQuery, literalsOfMatches, type SearchFilesRequest } from '@vault/core/search-backend';
import { type TrigramSet, trigramTest } from './trigram-set.js';

/** A query as a search worker runs it: core's, and a test of the trigrams of the files kept (see `trigramTest`). */
export interface WorkerQuery extends FileQuery {
  mayHold?(trigrams: TrigramSet): boolean;
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
    const mayHold = trigramTest(literalsOfMatches(query, regex));
    found = compileSearchPattern(query, regex, { caseSensitive }).then((pattern) => ({ ...fileQuery(query, regex, pattern), ...(mayHold ? { mayHold } : {}) }));
    compiled.set(key, found);
  }
  return found;
}
