// A search worker: searches the files it is given with core's own searchText, so results are those
// of core's search. It keeps the texts it has read, with trigram postings of them (up to its share of
// the memory bound, see createWarmFiles: the postings first, the texts as far as they fit), and uses one
// again only while a watch or an lstat shows the very version it read; anything else, and a candidate
// whose text is not held, is read with blocking reads (fast, and off the main thread).
import { isUtf8 } from 'node:buffer';
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, realpathSync, type Stats } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import {
  type ByteChecks,
  createLineCap,
  type FileQuery,
  type SearchedFile,
  type SearchFilesRequest,
  searchableText,
  searchFile,
  searchText,
} from '@vault/core/search-backend';
import { compileWorkerQuery, type WorkerQuery } from './compile-worker-query.js';
import { createWarmFiles, racyMargin, type WarmFile } from './create-warm-files.js';
import { descriptorPath } from '../disk/descriptor-path.js';
import { countLinesHolding, type LiteralScan } from './literal-scan.js';
import { createResultPacker, type PackedResults } from './packed-results.js';
import { type BatchPlan, type KeptBatch, planBatch } from './plan-batch.js';

/** Batches of paths a worker keeps, the last sent; the pool counts them alike, and sends a batch's paths only when its worker no longer keeps them. */
export const keptBatches = 32;

/** A batch of files to search: the vault's real root, vault-relative paths, and the query. */
export interface SearchTask {
  id: number;
  root: string;
  /** The batch's number: its paths are sent once (`paths`), and kept by the worker until `keptBatches` others were sent after. */
  batch: number;
  paths?: readonly string[];
  request: SearchFilesRequest;
  /** Whether the files are this worker's to keep in memory (false: searched from disk, nothing kept). */
  keep: boolean;
  /** Whether a file read now is kept (false while a fill reads the files: a search then reads what is not kept yet from disk, the cheaper way). */
  keepRead: boolean;
  /** Whether a watch has seen every change made before the search began (a sync point passed): kept texts it covers are used unchecked. */
  watched: boolean;
}

/** What a worker is told between tasks, with no reply: files changed (vault paths: forget them, and all below the folders), or whether a watch covers the vault from now on. */
export type WorkerNotice = { forget: { files: readonly string[]; folders: readonly string[] } } | { watching: boolean };

/** A batch of files to read into memory ahead of the searches (files over `maxFileSize` are left out). */
export interface FillTask {
  id: number;
  root: string;
  paths: readonly string[];
  fill: { maxFileSize: number };
}

/**
 * What a worker is given when it starts: its share of the memory bound, in bytes (0 keeps nothing), how
 * long a file must have gone unchanged to be kept (ms), and whether a watch covers the vault.
 */
export interface SearchWorkerData {
  warmBytes: number;
  settleTime: number;
  watching: boolean;
}

/** The reply to a task: the files found, packed (a fill finds none); `warm` is what the worker keeps in memory after it. */
export type SearchTaskReply = { id: number; found: PackedResults; warm: WarmTotals } | { id: number; error: { message: string; code?: string; path: string } };

/** What a worker keeps: files (each with its postings), bytes in all, and of them the texts held and their bytes, the postings' bytes, and the folded copies'. */
export interface WarmTotals {
  files: number;
  bytes: number;
  texts: number;
  textBytes: number;
  postingBytes: number;
  foldedBytes: number;
}

/** Node's native checks: the bytes a worker reads are Buffers (whose includes takes any Uint8Array). */
const byteChecks: ByteChecks = { isUtf8, includes: (bytes, part) => (bytes as Buffer).includes(part as Buffer) };

const { warmBytes, settleTime, watching } = (workerData as SearchWorkerData | undefined) ?? { warmBytes: 0, settleTime: racyMargin, watching: false };
const warm = createWarmFiles(warmBytes, settleTime);
warm.watching(watching);
const keeping = warmBytes > 0;
const batches = new Map<number, KeptBatch>();

parentPort?.on('message', async (message: SearchTask | FillTask | WorkerNotice) => {
  if ('forget' in message) forgetChanged(message.forget);
  else if ('watching' in message) warm.watching(message.watching);
  else if ('fill' in message) parentPort!.postMessage(fillBatch(message));
  else {
    // Taken at once, before any other message: the pool counts the batches kept in the order it sent them.
    const batch = keptBatch(message);
    const reply = await searchBatch(message, batch);
    // The packed counts are handed over, not copied.
    parentPort!.postMessage(reply, 'found' in reply ? [reply.found.places.buffer, reply.found.counts.buffer] : []);
  }
});

/** The task's batch: kept now when its paths came with it (the oldest dropped past `keptBatches`), else as kept before. */
function keptBatch(task: SearchTask): KeptBatch {
  if (task.paths === undefined) return batches.get(task.batch)!;
  const batch = { paths: task.paths };
  batches.set(task.batch, batch);
  if (batches.size > keptBatches) batches.delete(batches.keys().next().value!);
  return batch;
}

/** Forgets the files a watch saw change, and those below the folders it saw removed, renamed or replaced. */
function forgetChanged({ files, folders }: { files: readonly string[]; folders: readonly string[] }) {
  for (const file of files) warm.forget(file);
  for (const folder of folders) warm.forgetBelow(folder);
}

/** Reads a batch of files into memory, as far as they fit. */
function fillBatch(task: FillTask): SearchTaskReply {
  const checkedFolders = new Set<string>();
  for (const relative of task.paths) {
    // A full worker reads no more: what a fill kept past the bound would only push out what it kept before.
    if (warm.full) break;
    // Best effort: a file that cannot be read now is read by the search that needs it, which reports why.
    try {
      load(task.root, relative, task.fill.maxFileSize, checkedFolders, { evict: false });
    } catch {}
  }
  return { id: task.id, found: createResultPacker().packed(), warm: totals() };
}

/** Searches a batch of files in their order, showing lines up to the request's cap (the room the caller left this batch), then only counting. */
async function searchBatch(task: SearchTask, batch: KeptBatch): Promise<SearchTaskReply> {
  const { paths } = batch;
  const query = await compileWorkerQuery(task.request).catch((error: Error & { code?: string }) => error);
  if (query instanceof Error) return { id: task.id, error: { message: query.message, code: query.code, path: paths[0] ?? '' } };
  const plan = keeping && task.keep ? planBatch(warm, batch, query.trigrams, task.watched, task.request.maxFileSize, query.quadgrams) : undefined;
  const how = plan && { watched: task.watched, keepRead: task.keepRead, plan };
  const checkedFolders = new Set<string>();
  const found = createResultPacker();
  const cap = createLineCap(task.request.maxShown);
  const request = { ...task.request };
  const places = plan?.places;
  for (let index = 0; index < (places ?? paths).length; index += 1) {
    const place = places ? places[index]! : index;
    const relative = paths[place]!;
    try {
      request.maxShown = cap.room;
      const file = how
        ? searchKept(task.root, relative, query, request, checkedFolders, how)
        : searchFromDisk(joined(task.root, relative), relative, query, request, checkedFolders);
      cap.add(file);
      if (file) found.add(place, file);
    } catch (error) {
      const { message, code } = error as NodeJS.ErrnoException;
      // Gone since the walk (removed, or moved by another call): searched as if listed a moment later.
      if (code === 'ENOENT') continue;
      // Not readable with the server's permissions (the file, or a folder on the way): skipped and named, as core's search does.
      if (code === 'EACCES' || code === 'EPERM') found.add(place, { path: relative, skipped: 'PERMISSION_DENIED' });
      else return { id: task.id, error: { message, code, path: relative } };
    }
  }
  return { id: task.id, found: found.packed(), warm: totals() };
}

/**
 * A vault path below the real root, joined as they are where the separator is "/" (the root is a real
 * absolute path, the relative path checked by core; path.join cost more than the lstat of a warm file).
 */
function joined(root: string, relative: string): string {
  if (path.sep !== '/') return path.join(root, relative);
  return root.endsWith('/') ? `${root}${relative}` : `${root}/${relative}`;
}

const totals = (): WarmTotals => ({
  files: warm.files,
  bytes: warm.bytes,
  texts: warm.texts,
  textBytes: warm.textBytes,
  postingBytes: warm.postingBytes,
  foldedBytes: warm.foldedBytes,
});

/** A file searched in the text kept of it, or read now (and kept, unless `task.keepRead` is false: then searched from disk). */
function searchKept(
  root: string,
  relative: string,
  query: WorkerQuery,
  request: SearchFilesRequest,
  checkedFolders: Set<string>,
  task: Pick<SearchTask, 'watched' | 'keepRead'> & { plan: BatchPlan },
): SearchedFile | undefined {
  const kept = keptText(root, relative, request.maxFileSize, task.watched);
  if (kept === undefined && !task.keepRead) return searchFromDisk(joined(root, relative), relative, query, request, checkedFolders);
  const file = kept ?? readAndKeep(root, relative, request.maxFileSize, checkedFolders, { evict: true });
  if (file === undefined) return undefined;
  if ('tooLarge' in file) return { path: relative, skipped: 'FILE_TOO_LARGE' };
  if ('id' in file) {
    // A kept file the postings rule out holds none of the literals a matching line must hold.
    if (task.plan.passOver(file)) return undefined;
    // Covered by the postings, its text not held: a candidate is read from disk.
    if (!file.notText && file.text === undefined) return searchFromDisk(joined(root, relative), relative, query, request, checkedFolders);
  }
  if (file.text === undefined) return { path: relative, skipped: 'NOT_TEXT' };
  // Counted in the held text when only counts are wanted; with lines to show, looked for up to the first matching line, so that
  // a file without one is passed over (in either mode) and one with lines to show is searched line by line.
  const shown = request.maxShown > 0;
  const counted = 'id' in file ? countHeld(file, query.scan, shown ? 1 : undefined) : undefined;
  if (counted === 0) return undefined;
  if (counted === undefined || shown) return searchText(relative, file.text, query.matcher, request);
  return { path: relative, matches: counted, lines: [] };
}

/**
 * The lines of a held text that hold a literal (or one of a few words), counted by `indexOf` (up to `enough`): in the text when case counts, in its
 * folded copy when case is ignored; none in an ASCII text (one with a folded copy) for a literal beyond
 * ASCII's reach; `undefined` for the rest (core's matcher counts then).
 */
function countHeld(file: WarmFile, scan: LiteralScan | undefined, enough?: number): number | undefined {
  if (scan === undefined) return undefined;
  if (scan.beyondAscii) return file.folded === undefined ? undefined : 0;
  if (scan.folded === undefined) return file.text === undefined ? undefined : countLinesHolding(file.text, scan, enough);
  return file.folded === undefined ? undefined : countLinesHolding(file.folded, scan, enough);
}

/** A plain file's text (`undefined`: not text), kept or just read; `undefined` for anything else. */
type Loaded = WarmFile | { text: string | undefined } | { tooLarge: true } | undefined;

/** The file's text from memory, or read from disk now and kept if it fits (`room.evict`: by pushing out the files kept longest). */
function load(root: string, relative: string, maxFileSize: number, checkedFolders: Set<string>, room: { evict: boolean }): Loaded {
  return keptText(root, relative, maxFileSize, false) ?? readAndKeep(root, relative, maxFileSize, checkedFolders, room);
}

/**
 * The file's kept text while a watch covers it (`watched`: a sync point passed, so every change is known;
 * no path is joined, no call made) or an lstat shows the version read; `undefined` when none is kept, or
 * it is not current (then forgotten). Kept texts are found by the vault path: a worker serves one vault.
 */
function keptText(root: string, relative: string, maxFileSize: number, watched: boolean): Exclude<Loaded, undefined> | undefined {
  const unchecked = watched ? warm.getWatched(relative) : undefined;
  if (unchecked) return unchecked.size > maxFileSize ? { tooLarge: true } : unchecked;
  // Nothing kept: no version to check (the file is opened next, and its version taken there).
  if (!warm.has(relative)) return undefined;
  const now = lstatSync(joined(root, relative), { throwIfNoEntry: false });
  const known = now && warm.get(relative, now);
  if (known) return now.size > maxFileSize ? { tooLarge: true } : known;
  if (now === undefined) warm.forget(relative);
  return undefined;
}

/** The file read from disk now, and kept if it fits. */
function readAndKeep(root: string, relative: string, maxFileSize: number, checkedFolders: Set<string>, room: { evict: boolean }): Loaded {
  const readAt = Date.now();
  return withOpenFile(joined(root, relative), checkedFolders, (descriptor, stat) => {
    if (stat.size > maxFileSize) return { tooLarge: true };
    const bytes = readFileSync(descriptor);
    const text = searchableText(bytes, relative);
    warm.keep(relative, stat, text, bytes.length, readAt, room);
    return { text };
  });
}

/** A file read and searched as it is now, nothing kept: a case-sensitive literal is looked for in the bytes before decoding. */
function searchFromDisk(
  absolute: string,
  relative: string,
  query: FileQuery,
  request: SearchFilesRequest,
  checkedFolders: Set<string>,
): SearchedFile | undefined {
  return withOpenFile(absolute, checkedFolders, (descriptor, stat) =>
    searchFile({ path: relative, size: stat.size, read: () => readFileSync(descriptor) }, query, { ...request, byteChecks }),
  );
}

/** Whether a folder is reached with no symlink on the way (its real path is the path itself), asked once per folder and batch. */
function reachedWithoutLinks(folder: string, checked: Set<string>): boolean {
  if (!checked.has(folder) && realpathSync.native(folder) === folder) checked.add(folder);
  return checked.has(folder);
}

/**
 * Opens a plain file for `use`; `undefined` for anything else (a folder, a FIFO). The files were plain
 * files, with no symlink on the way, when core walked the folders; one that has appeared since is
 * refused (ELOOP), never followed.
 */
function withOpenFile<T>(absolute: string, checkedFolders: Set<string>, use: (descriptor: number, stat: Stats) => T): T | undefined {
  // O_NOFOLLOW: a symlink swapped in since the walk is refused (ELOOP). O_NONBLOCK: a FIFO never blocks the worker.
  const descriptor = openSync(absolute, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  try {
    // The file opened must be the very path walked: asked of the kernel where it can tell (no window
    // left), else by checking that its folder is reached without links.
    const real = descriptorPath(descriptor);
    if (real === undefined ? !reachedWithoutLinks(path.dirname(absolute), checkedFolders) : real !== absolute) {
      throw Object.assign(new Error('the file or a folder on the way became a symlink'), { code: 'ELOOP' });
    }
    const stat = fstatSync(descriptor);
    return stat.isFile() ? use(descriptor, stat) : undefined;
  } finally {
    closeSync(descriptor);
  }
}
