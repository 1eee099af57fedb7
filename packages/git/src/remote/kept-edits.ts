import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileHash, VaultError } from '@vault/core';
import { splitZ } from '../commit-paths.js';
import type { Repository } from '../open-repository.js';
import { diskIdOf, notAFile } from './blob-id.js';

/** A person's edit a fetch kept on disk: the remote's blob there (`null`: removed there) and the fetch's commits, `from` and `to`. */
interface KeptEdit {
  blob: string | null;
  from: string;
  to: string;
}

const fileOf = (repository: Repository) => path.join(repository.gitDir, 'vault-text-tools', 'kept-edits.json');

/** Kept as a list of `[path, edit]` pairs: a path is never taken for an object's own key (`__proto__`). */
async function load(repository: Repository): Promise<Map<string, KeptEdit>> {
  return readFile(fileOf(repository), 'utf8')
    .then((text) => new Map(JSON.parse(text) as [string, KeptEdit][]))
    .catch(() => new Map());
}

/** Written whole (a temp file renamed over it), so a killed server leaves the old list or the new one. */
async function save(repository: Repository, edits: Map<string, KeptEdit>): Promise<void> {
  const file = fileOf(repository);
  if (edits.size === 0) return rm(file, { force: true });
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(`${file}.${process.pid}.tmp`, JSON.stringify([...edits]));
  await rename(`${file}.${process.pid}.tmp`, file);
}

/**
 * Remembers the paths (top-relative) where a fetch from `from` to `to` kept a person's edit on disk, with
 * the remote's blob there, and forgets those it brought over: kept across restarts (decision 0019).
 */
export async function rememberKeptEdits(repository: Repository, from: string, to: string, result: { changed: string[]; kept: string[] }): Promise<void> {
  const edits = await load(repository);
  const before = JSON.stringify([...edits]);
  for (const file of result.changed) edits.delete(file);
  if (result.kept.length > 0) {
    const blobs = new Map<string, string>();
    for (let start = 0; start < result.kept.length; start += 500) {
      const listed = await repository.git(['ls-tree', '-z', '--full-tree', to, '--', ...result.kept.slice(start, start + 500)]);
      for (const line of splitZ(listed.stdout)) blobs.set(line.slice(line.indexOf('\t') + 1), line.split(' ')[2]?.split('\t')[0] ?? '');
    }
    for (const file of result.kept) edits.set(file, { blob: blobs.get(file) ?? null, from: edits.get(file)?.from ?? from, to });
  }
  if (JSON.stringify([...edits]) !== before) await save(repository, edits);
}

/**
 * Before an outside change to `paths` (vault paths) is committed: refuses with `STALE_FILE` when one of
 * them (or a file in one) holds a person's edit a fetch kept while the remote changed it, and that edit
 * is still uncommitted on the remote's version: committing it would silently undo the remote's change.
 * An edit the person took back (`git restore`) or committed, or a file changed since, is forgotten.
 */
export async function refuseKeptEdits(repository: Repository, paths: readonly string[]): Promise<void> {
  const edits = await load(repository);
  const tops = paths.map((file) => repository.prefix + file);
  const matched = [...edits.keys()].filter((file) => tops.some((top) => file === top || file.startsWith(`${top}/`)));
  if (matched.length === 0) return;
  let refusal: VaultError | undefined;
  for (const file of matched) {
    const edit = edits.get(file)!;
    const listed = await repository.git(['ls-tree', '-z', '--full-tree', 'HEAD', '--', file]);
    const atHead = splitZ(listed.stdout)[0]?.split(' ')[2]?.split('\t')[0] ?? null;
    const onDisk = (await diskIdOf(repository, file)) ?? null;
    // Forgotten once the branch moved on, the disk holds the branch's version, or the disk holds what no write makes (the symlink checked out).
    if (atHead !== edit.blob || onDisk === atHead || onDisk === notAFile) edits.delete(file);
    else refusal ??= await keptEditError(repository, file, edit);
  }
  await save(repository, edits);
  if (refusal) throw refusal;
}

async function keptEditError(repository: Repository, file: string, edit: KeptEdit): Promise<VaultError> {
  const last = await repository.git(['log', '-1', '-z', '--format=%H%x00%an', `${edit.from}..${edit.to}`, '--', file]);
  const [change = edit.to, author = 'unknown'] = last.stdout.toString('utf8').split('\0');
  const blob = edit.blob === null ? undefined : await repository.kept.readObject(edit.blob);
  const vaultPath = file.slice(repository.prefix.length);
  const hash = blob ? await fileHash(blob.bytes) : undefined;
  const remote = hash ? `left it with fileHash ${hash}` : 'removed it';
  // Where the remote removed the file, the branch and the index no longer know it: git commit and git checkout cannot name it.
  const choices = hash
    ? `keep their version (git commit -- ${file}) or take the remote's (git checkout HEAD -- ${file})`
    : `keep their version (git add -- ${file}, then git commit) or take the remote's (delete the file: rm -- ${file})`;
  return new VaultError(
    'STALE_FILE',
    `${vaultPath} holds a person's uncommitted edit that a fetch kept, while another server changed the file (change ${change.slice(0, 12)} by ${author} ${remote}): committing the edit now would silently undo that change, so nothing was written. A person decides: ${choices}; then retry.`,
    { path: vaultPath, ...(hash ? { fileHash: hash } : {}), change, author, keptEdit: true },
  );
}
