import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readFile, rename, rm, rmdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { JournalStep } from './change-journal.js';
import type { Repository } from './open-repository.js';
import { splitZ } from './run-git.js';

/**
 * Takes back what a killed call wrote, so that nothing of it stays (decision 0018, round 13): its renames undone, last
 * first (what moved along, ignored files too, comes back with them), then each file it wrote given HEAD's bytes at
 * the path the file had before the call, or removed where HEAD has none and `.gitignore` does not leave it out (the
 * call made it: a file there before the call was committed as an outside change before its first write). HEAD is the
 * commit the call started from. Nothing here takes the person's index (a stale `index.lock` a kill left does not stop it).
 */
export async function takeBackSteps(repository: Repository, steps: readonly JournalStep[]): Promise<void> {
  const onDisk = (vaultPath: string) => path.join(repository.top, repository.prefix + vaultPath);
  for (const step of [...steps].reverse()) {
    if ('rename' in step) await renameBack(onDisk(step.rename[0]), onDisk(step.rename[1]));
  }
  const written = steps.flatMap((step, index) => ('write' in step ? [pathBefore(step.write, steps.slice(0, index))] : []));
  await restoreFromHead(repository, [...new Set(written)]);
}

/** Where a file written after these steps was before their renames. */
export function pathBefore(written: string, before: readonly JournalStep[]): string {
  let at = written;
  for (const step of [...before].reverse()) {
    if (!('rename' in step)) continue;
    const [from, to] = step.rename;
    if (at === to || at.startsWith(`${to}/`)) at = from + at.slice(to.length);
  }
  return at;
}

/**
 * Renames `to` back to `from` when the rename was made: `to` there and `from` not. With both there, the move was killed
 * before its rename: `to` is its placeholder (an empty file or folder, `moveWithoutReplacing`), taken away.
 */
async function renameBack(from: string, to: string): Promise<void> {
  const [toStat, fromThere] = await Promise.all([lstat(to).catch(() => undefined), exists(from)]);
  if (!toStat) return;
  if (fromThere) {
    if (toStat.isDirectory()) await rmdir(to).catch(() => undefined);
    else if (toStat.isFile() && toStat.size === 0) await rm(to, { force: true });
    return;
  }
  await mkdir(path.dirname(from), { recursive: true });
  await rename(to, from);
}

/** Gives the vault paths HEAD's bytes (each replaced whole, by a rename), or removes those HEAD lacks that git would not leave out. */
async function restoreFromHead(repository: Repository, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  const files = paths.map((vaultPath) => repository.prefix + vaultPath);
  const inHead: string[] = [];
  for (const line of splitZ((await repository.git(['ls-tree', '-z', 'HEAD', '--', ...files])).stdout)) {
    const [mode = '', , id = ''] = line.slice(0, line.indexOf('\t')).split(' ');
    const file = line.slice(line.indexOf('\t') + 1);
    inHead.push(file);
    const blob = await repository.kept.readObject(id);
    if (blob?.type === 'blob') await writeWhole(path.join(repository.top, file), mode, blob.bytes);
  }
  const notInHead = files.filter((file) => !inHead.includes(file));
  // Without a path, ls-files would list every untracked file of the work tree.
  if (notInHead.length === 0) return;
  const made = splitZ((await repository.git(['ls-files', '-z', '--others', '--exclude-standard', '--', ...notInHead])).stdout);
  for (const file of made) await rm(path.join(repository.top, file), { force: true });
}

/** Writes a file (or a symlink, mode 120000) whole, a temp file beside it renamed over it, unless it holds those bytes. */
async function writeWhole(file: string, mode: string, bytes: Buffer): Promise<void> {
  if (mode !== '120000' && (await readFile(file).catch(() => undefined))?.equals(bytes)) return;
  await mkdir(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `.${path.basename(file).slice(0, 40)}.${randomBytes(6).toString('hex')}.tmp`);
  if (mode === '120000') await symlink(bytes.toString('utf8'), temp);
  else await writeFile(temp, bytes, { mode: mode === '100755' ? 0o755 : 0o644 });
  await rename(temp, file);
}

async function exists(file: string): Promise<boolean> {
  return lstat(file).then(
    () => true,
    () => false,
  );
}
