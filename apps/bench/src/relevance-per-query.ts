import { serveBaseline } from './relevance-baselines.js';
import type { RelevanceDocument, RelevanceQuery } from './relevance-corpus.js';
import { serveFindNotesInProcess } from './relevance-in-process.js';
import { median } from './statistics.js';

/** Times each query takes on each engine. */
const repeats = 5;

/** One query's median times on FindNotes (in-process) and SQLite FTS5, and their ratio. */
export interface QueryTimes {
  query: string;
  findNotes: number;
  fts5: number;
  ratio: number;
}

/**
 * Each query timed `repeats` times on FindNotes in-process (on `folder`, a writable copy of the
 * corpus, watch on) and on SQLite FTS5 (on `sqliteNode`), both built and warmed up in processes of
 * their own and asked by turns, one query at a time (the engine asked first alternating from round
 * to round), so that a load on the machine falls on both alike; per query each engine's median.
 */
export async function perQueryTimes(
  root: string,
  folder: string,
  sqliteNode: string,
  documents: readonly RelevanceDocument[],
  queries: readonly RelevanceQuery[],
): Promise<QueryTimes[]> {
  const [findNotes, fts5] = await Promise.all([serveFindNotesInProcess(root, folder, queries), serveBaseline('fts5', sqliteNode, documents, queries)]);
  try {
    const times = queries.map(() => ({ findNotes: [] as number[], fts5: [] as number[] }));
    for (let round = 0; round < repeats; round += 1) {
      for (const [index, query] of times.entries()) {
        if (round % 2 === 0) query.findNotes.push(await findNotes.time(index));
        query.fts5.push(await fts5.time(index));
        if (round % 2 === 1) query.findNotes.push(await findNotes.time(index));
      }
    }
    return times.map((query, index) => {
      const [ours, theirs] = [median(query.findNotes), median(query.fts5)];
      return { query: queries[index]!.query, findNotes: ours, fts5: theirs, ratio: ours / theirs };
    });
  } finally {
    await Promise.all([findNotes.close(), fts5.close()]);
  }
}
