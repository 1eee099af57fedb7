// A search worker: reads the files it is given with blocking reads (fast, and off the main thread)
// and searches them with core's own searchFile, so results are those of core's search.
import { isUtf8 } from 'node:buffer';
import { closeSync, constants, fstatSync, openSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { type ByteChecks, compileSearchPattern, type FileQuery, type FileSearchResult, fileQuery, type SearchFilesRequest, searchFile } from '@vault/core';
import { descriptorPath } from './descriptor-path.js';

/** A batch of files to search: the vault's real root, vault-relative paths, and the query. */
export interface SearchTask {
  id: number;
  root: string;
  paths: readonly string[];
  request: SearchFilesRequest;
}

export type SearchTaskReply = { id: number; found: FileSearchResult[] } | { id: number; error: { message: string; code?: string; path: string } };

/** Node's native checks: the bytes a worker reads are Buffers (whose includes takes any Uint8Array). */
const byteChecks: ByteChecks = { isUtf8, includes: (bytes, part) => (bytes as Buffer).includes(part as Buffer) };

const compiled = new Map<string, Promise<FileQuery>>();

function compile({ query, regex, caseSensitive }: SearchFilesRequest): Promise<FileQuery> {
  const key = `${regex}:${caseSensitive}:${query}`;
  if (!compiled.has(key)) {
    if (compiled.size >= 16) compiled.clear();
    compiled.set(key, compileSearchPattern(query, regex, { caseSensitive }).then((pattern) => fileQuery(query, regex, pattern)));
  }
  return compiled.get(key)!;
}

parentPort?.on('message', async (task: SearchTask) => {
  const query = await compile(task.request);
  const found: FileSearchResult[] = [];
  const checkedFolders = new Set<string>();
  for (const relative of task.paths) {
    try {
      const file = searchPath(path.join(task.root, relative), relative, query, task.request, checkedFolders);
      if (file) found.push(file);
    } catch (error) {
      const { message, code } = error as NodeJS.ErrnoException;
      parentPort!.postMessage({ id: task.id, error: { message, code, path: relative } } satisfies SearchTaskReply);
      return;
    }
  }
  parentPort!.postMessage({ id: task.id, found } satisfies SearchTaskReply);
});

/** Whether a folder is reached with no symlink on the way (its real path is the path itself), asked once per folder and batch. */
function reachedWithoutLinks(folder: string, checked: Set<string>): boolean {
  if (!checked.has(folder) && realpathSync.native(folder) === folder) checked.add(folder);
  return checked.has(folder);
}

/**
 * The files were plain files, with no symlink on the way, when core walked the folders; one that has
 * appeared since is refused, never followed.
 */
function searchPath(absolute: string, relative: string, query: FileQuery, request: SearchFilesRequest, checkedFolders: Set<string>): FileSearchResult | undefined {
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
    if (!stat.isFile()) return undefined;
    return searchFile({ path: relative, size: stat.size, read: () => readFileSync(descriptor) }, query, { ...request, byteChecks });
  } finally {
    closeSync(descriptor);
  }
}
