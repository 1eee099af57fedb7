import { compileSearchPattern, type FileQuery, fileQuery, literalsOfMatches, type SearchFilesRequest } from '@vault/core/search-backend';
import { literalTrigrams } from './trigram-postings.js';

/** A query as a search worker runs it: core's, and the trigrams of the literals every matching line holds one of (see `literalTrigrams`), for the postings. */
export interface WorkerQuery extends FileQuery {
  trigrams?: Uint32Array[];
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
    const trigrams = literalTrigrams(literalsOfMatches(query, regex));
    found = compileSearchPattern(query, regex, { caseSensitive }).then((pattern) => ({
      ...fileQuery(query, regex, pattern),
      ...(trigrams ? { trigrams } : {}),
    }));
    compiled.set(key, found);
  }
  return found;
}
