import { mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asTextOrBytes, type VaultSeed } from '@vault/core';

/** A temp folder on the real disk, seeded from a plain object. `remove` deletes it. */
export interface TempFolder {
  /** The folder's real path. */
  path: string;
  remove(): Promise<void>;
}

export async function createTempFolder(seed: VaultSeed = {}, prefix = 'vault-'): Promise<TempFolder> {
  const folder = await realpath(await mkdtemp(path.join(tmpdir(), prefix)));
  await seedFolder(folder, seed);
  return { path: folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

/** Writes a plain object into a folder: file path → content; a key ending in `/` is a folder. */
export async function seedFolder(folder: string, seed: VaultSeed): Promise<void> {
  for (const [relative, content] of Object.entries(seed)) {
    const target = path.join(folder, relative);
    if (relative.endsWith('/')) {
      await mkdir(target, { recursive: true });
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  }
}

/**
 * A folder as a plain object, in the shape `MemoryFs.toJSON` gives: UTF-8 files as strings, other
 * files as bytes, empty folders as `path/`. Hidden entries are included; symlinks are not followed.
 */
export async function readFolder(folder: string): Promise<VaultSeed> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const json: VaultSeed = {};
  const visit = async (relative: string) => {
    const entries = await readdir(path.join(folder, relative), { withFileTypes: true });
    if (entries.length === 0 && relative !== '') json[`${relative}/`] = '';
    for (const entry of entries) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) await visit(child);
      else if (entry.isFile()) {
        json[child] = asTextOrBytes(new Uint8Array(await readFile(path.join(folder, child))), decoder);
      }
    }
  };
  await visit('');
  return Object.fromEntries(Object.entries(json).sort(([a], [b]) => (a < b ? -1 : 1)));
}
