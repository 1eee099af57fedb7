import type { WarmFile, WarmFiles } from './create-warm-files.js';

/** A batch of paths as a worker keeps it between searches (the same list searched again is not sent again), with what it worked out of it. */
export interface KeptBatch {
  paths: readonly string[];
  /** Where each path is in `paths`, found at the first search that needs it. */
  places?: Map<string, number>;
  /** The places of the paths the postings do not cover (not kept, not text, too large, or not watched), as of a generation of the kept files. */
  uncovered?: { generation: number; maxFileSize: number; places: number[] };
}

/** Which of a batch's files a search reads: `places` (in order; all when undefined), and the kept texts it passes over unread. */
export interface BatchPlan {
  places?: number[];
  passOver(file: WarmFile): boolean;
}

const passNone = { passOver: () => false };

/**
 * The plan of a search of a batch of the worker's own files, for a query whose matching lines each hold
 * one of the literals of `trigrams` (their quadgrams in `quadgrams`): a kept text that is not among the
 * candidates (the postings', narrowed by the files' sketches) holds no such line and is passed over. While a watch covers the kept files (`watched`), only the candidates
 * and the files the postings do not cover are looked at, so the search costs what can match, not the
 * batch; otherwise every path is checked (an lstat each) and only the candidates' texts are searched.
 */
export function planBatch(
  warm: WarmFiles,
  batch: KeptBatch,
  trigrams: readonly Uint32Array[] | undefined,
  watched: boolean,
  maxFileSize: number,
  quadgrams?: readonly Uint32Array[],
): BatchPlan {
  if (trigrams === undefined) return passNone;
  const candidates = warm.candidates(trigrams, quadgrams);
  const chosen = new Set(candidates);
  const passOver = (file: WarmFile) => !file.notText && !chosen.has(file);
  if (!watched) return { passOver };
  const places = [...uncoveredOf(warm, batch, maxFileSize)];
  batch.places ??= new Map(batch.paths.map((path, place) => [path, place]));
  for (const file of candidates) {
    const place = batch.places.get(file.path);
    if (place !== undefined && covered(warm.getWatched(file.path), maxFileSize)) places.push(place);
  }
  return { places: places.sort((a, b) => a - b), passOver };
}

/** Whether the postings answer for the file: kept as text (its text held or not), within the size limit, and watched since it was read. */
function covered(file: WarmFile | undefined, maxFileSize: number): boolean {
  return file !== undefined && !file.notText && file.size <= maxFileSize;
}

/** The places of the batch's paths the postings do not cover, worked out again only when the kept files changed. */
function uncoveredOf(warm: WarmFiles, batch: KeptBatch, maxFileSize: number): number[] {
  const known = batch.uncovered;
  if (known?.generation === warm.generation && known.maxFileSize === maxFileSize) return known.places;
  const places: number[] = [];
  for (const [place, path] of batch.paths.entries()) if (!covered(warm.getWatched(path), maxFileSize)) places.push(place);
  batch.uncovered = { generation: warm.generation, maxFileSize, places };
  return places;
}
