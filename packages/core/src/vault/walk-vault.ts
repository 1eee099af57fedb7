import pMap from 'p-map';
import { isVaultError, type VaultError } from './vault-error.js';
import type { VaultDirectoryEntry, VaultFs } from './vault-fs.js';
import { joinVaultPath } from './vault-path.js';

/** An entry a walk found: its vault path as listed, its depth below where the walk started (1 for a direct child), and the entry. */
export interface WalkedEntry {
  path: string;
  depth: number;
  entry: VaultDirectoryEntry;
}

export interface WalkOptions {
  /** Which folders to go into. Default: every folder that is not a symlink (a walk never follows one). */
  enter?: (folder: WalkedEntry) => boolean;
  /** Runs before each level is read: throws to stop the walk (a time budget). */
  checkDeadline?: () => void;
  /** Whether listings carry file sizes (a stat per entry). Default false. */
  sizes?: boolean;
  /** The caller passed `VaultFs.sync` with `true` since its work began: a backend may answer from the listings it keeps. Default false. */
  afterSync?: boolean;
  /**
   * Whether to pass over a folder that cannot be read (no permission, an I/O error) instead of failing:
   * for work that may do with part of the vault (and may name what it passed over). Default: none.
   */
  passOver?: (folder: string, error: VaultError) => boolean;
}

/** Folders of a level read at once: each holds a descriptor open while read (a level of 30,000 folders passed the open-file limit). */
const foldersAtOnce = 32;

/**
 * The one walk of the vault: every entry below `directory`, breadth first, the folders of one level
 * read `foldersAtOnce` at a time; a folder gone since the listing that found it is passed over, as if listed a moment
 * later (a walk never fails with NOT_FOUND for a folder nobody named).
 * Symlinked folders are never entered, whatever `enter` says. Callers take what they need and may
 * stop early (leaving the loop ends the walk); what to list, count or bound is theirs.
 */
export async function* walkVault(
  fs: VaultFs,
  directory: string,
  { enter = () => true, checkDeadline, sizes = false, afterSync = false, passOver }: WalkOptions = {},
): AsyncGenerator<WalkedEntry> {
  let level = [directory];
  for (let depth = 1; level.length > 0; depth += 1) {
    checkDeadline?.();
    const listings = await pMap(level, async (folder) => ({ folder, entries: await readListedFolder(fs, folder, { sizes, afterSync }, passOver) }), {
      concurrency: foldersAtOnce,
    });
    level = [];
    for (const { folder, entries } of listings) {
      for (const entry of entries) {
        const walked = { path: joinVaultPath(folder, entry.name), depth, entry };
        yield walked;
        if (entry.kind === 'directory' && !entry.symlink && enter(walked)) level.push(walked.path);
      }
    }
  }
}

/** The entries of a folder the walk found: none when it is gone since (removed or moved by another call), or unreadable and passed over. */
async function readListedFolder(
  fs: VaultFs,
  path: string,
  options: { sizes: boolean; afterSync: boolean },
  passOver: WalkOptions['passOver'],
): Promise<VaultDirectoryEntry[]> {
  try {
    return await fs.readDirectory(path, options);
  } catch (error) {
    if (isVaultError(error) && (error.code === 'NOT_FOUND' || passOver?.(path, error))) return [];
    throw error;
  }
}
