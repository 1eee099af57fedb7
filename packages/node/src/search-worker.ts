// A search worker: reads the files it is given with blocking reads (fast, and off the main thread)
// and matches them with core's own searchFileBytes, so results are those of core's search.
import { isUtf8 } from 'node:buffer';
import { closeSync, constants, fstatSync, openSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { compileSearchPattern, type FileSearchResult, type LineMatcher, type SearchFilesRequest, searchFileBytes, skipReasons } from '@vault/core';
import { descriptorPath } from './descriptor-path.js';

/** A batch of files to search: the vault's real root, vault-relative paths, and the query. */
export interface SearchTask {
  id: number;
  root: string;
  paths: readonly string[];
  request: SearchFilesRequest;
}

export type SearchTaskReply = { id: number; found: FileSearchResult[] } | { id: number; error: { message: string; code?: string; path: string } };

interface CompiledQuery {
  matcher: LineMatcher;
  /** For a case-sensitive literal: its UTF-8 bytes, which a file must contain to have a matching line. */
  bytes?: Buffer;
}

const compiled = new Map<string, Promise<CompiledQuery>>();

function compile({ query, regex, caseSensitive }: SearchFilesRequest): Promise<CompiledQuery> {
  const key = `${regex}:${caseSensitive}:${query}`;
  if (!compiled.has(key)) {
    if (compiled.size >= 16) compiled.clear();
    compiled.set(
      key,
      compileSearchPattern(query, regex, { caseSensitive }).then(({ matcher, caseSensitive }) => ({ matcher, ...(caseSensitive && !regex ? { bytes: Buffer.from(query) } : {}) })),
    );
  }
  return compiled.get(key)!;
}

parentPort?.on('message', async (task: SearchTask) => {
  const query = await compile(task.request);
  const found: FileSearchResult[] = [];
  const checkedFolders = new Set<string>();
  for (const relative of task.paths) {
    try {
      const file = searchFile(path.join(task.root, relative), relative, query, task.request, checkedFolders);
      if (file) found.push(file);
    } catch (error) {
      const { message, code } = error as NodeJS.ErrnoException;
      parentPort!.postMessage({ id: task.id, error: { message, code, path: relative } } satisfies SearchTaskReply);
      return;
    }
  }
  parentPort!.postMessage({ id: task.id, found } satisfies SearchTaskReply);
});

/** Whether a folder's real path is itself (no symlink on the way), asked once per folder and batch. */
function isItself(folder: string, checked: Set<string>): boolean {
  if (!checked.has(folder) && realpathSync.native(folder) === folder) checked.add(folder);
  return checked.has(folder);
}

/**
 * The files were plain files, with no symlink on the way, when core walked the folders; one that has
 * appeared since is refused, never followed.
 */
function searchFile(
  absolute: string,
  relative: string,
  { matcher, bytes: literal }: CompiledQuery,
  request: SearchFilesRequest,
  checkedFolders: Set<string>,
): FileSearchResult | undefined {
  // O_NOFOLLOW: a symlink swapped in since the walk is refused (ELOOP). O_NONBLOCK: a FIFO never blocks the worker.
  const descriptor = openSync(absolute, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  try {
    // The file opened must be the very path walked: asked of the kernel where it can tell (no window
    // left), else by checking that its folder's real path is itself.
    const real = descriptorPath(descriptor);
    if (real === undefined ? !isItself(path.dirname(absolute), checkedFolders) : real !== absolute) {
      throw Object.assign(new Error('the file or a folder on the way became a symlink'), { code: 'ELOOP' });
    }
    const stat = fstatSync(descriptor);
    if (!stat.isFile()) return undefined;
    if (stat.size > request.maxFileSize) return { path: relative, skipped: skipReasons.FILE_TOO_LARGE };
    const bytes = readFileSync(descriptor);
    // Without the literal's bytes, a text file has no match: passed over without decoding it.
    // A file that is not text still goes to searchFileBytes, which reports it skipped.
    if (literal && !bytes.includes(literal) && !bytes.includes(0) && isUtf8(bytes)) return undefined;
    return searchFileBytes(relative, bytes, matcher, request);
  } finally {
    closeSync(descriptor);
  }
}
