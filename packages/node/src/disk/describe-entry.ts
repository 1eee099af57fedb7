import { type Dirent, promises as fs } from 'node:fs';
import path from 'node:path';
import type { VaultDirectoryEntry } from '@vault/core';
import type { PinnedPaths } from './create-pinned-paths.js';
import { isInside } from './real-path-inside.js';

export interface DescribeEntryOptions {
  /** The vault's real root: a link that leads outside it is left out. */
  realRoot: string;
  targetOf: PinnedPaths['targetOf'];
  /** Whether to look up file sizes (a stat per entry); without, plain entries cost nothing more than readdir. */
  sizes: boolean;
}

/**
 * One entry of the (pinned) folder `folder` as a listing shows it, or `undefined` when it is left
 * out: a special file, or a link that dangles or leads outside the vault. A link is looked at where it
 * really leads; any other entry without following links, so that one swapped in since readdir shows
 * nothing of what it points to.
 */
export async function describeEntry(
  folder: string,
  entry: Dirent,
  { realRoot, targetOf, sizes }: DescribeEntryOptions,
): Promise<VaultDirectoryEntry | undefined> {
  const { name } = entry;
  const symlink = entry.isSymbolicLink();
  if (!symlink && !entry.isFile() && !entry.isDirectory()) return undefined;
  if (!symlink && !sizes) return { name, kind: entry.isFile() ? 'file' : 'directory', size: 0, symlink };
  let looked = path.join(folder, name);
  let target: { target?: string } = {};
  if (symlink) {
    const real = await fs.realpath(looked).catch(() => undefined);
    if (real === undefined || !isInside(realRoot, real)) return undefined;
    target = targetOf(real, '');
    looked = real;
  }
  const stat = await (symlink ? fs.stat(looked) : fs.lstat(looked)).catch(() => undefined);
  if (stat?.isFile()) return { name, kind: 'file', size: stat.size, symlink, ...target };
  if (stat?.isDirectory()) return { name, kind: 'directory', size: 0, symlink, ...target };
  return undefined;
}
