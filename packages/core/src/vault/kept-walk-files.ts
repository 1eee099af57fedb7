import type { Vault } from './vault.js';
import type { VaultChanges } from './vault-fs.js';
import { type WalkedFiles, type WalkFilesOptions, walkFiles } from './walk-files.js';

/** A walk's files as kept: the log's cursor when the walk began, what it found, and the paths listed. */
interface KeptWalk {
  cursor: number;
  found: WalkedFiles;
  listed: Set<string>;
}

/** Folders whose walks a vault keeps, at most (the last walked). */
const keptFolders = 8;
/** Changed paths looked at, at most, before a walk is made again instead. */
const mostChecked = 64;
const keptWalks = new WeakMap<Vault, Map<string, KeptWalk>>();

/**
 * `walkFiles`, kept between searches on a backend that logs the vault's changes (`VaultFs.changesSince`):
 * after a sync point (`afterSync`), the files walked last time below `directory` are given again when
 * none of the paths changed since could alter the list (a listed file whose text changed is still listed;
 * a file no walk lists is passed over), so a search of an unchanged vault walks no folder. Anything else
 * (a file made, removed or renamed, a folder, `everything`, many changes) walks again.
 */
export async function keptWalkFiles(vault: Vault, directory: string, options: WalkFilesOptions): Promise<WalkedFiles> {
  const changesSince = vault.fs.changesSince?.bind(vault.fs);
  if (!options.afterSync || changesSince === undefined || (options.realDirectory ?? directory) !== directory) return walkFiles(vault, directory, options);
  const kept = keptWalks.get(vault) ?? new Map<string, KeptWalk>();
  keptWalks.set(vault, kept);
  const last = kept.get(directory);
  if (last) {
    const changes = changesSince(last.cursor);
    if (await unchangedList(vault, directory, last, changes)) {
      last.cursor = changes.cursor;
      return last.found;
    }
  }
  const { cursor } = changesSince(0);
  const found = await walkFiles(vault, directory, options);
  kept.delete(directory);
  // A symlink on the way (a file listed where it is not) is left to a walk each time.
  if (found.files.every((file) => file.path === file.source)) kept.set(directory, { cursor, found, listed: new Set(found.files.map((file) => file.path)) });
  if (kept.size > keptFolders) kept.delete(kept.keys().next().value!);
  return found;
}

/** Whether none of `changes` alters the files listed below `directory`. */
async function unchangedList(vault: Vault, directory: string, kept: KeptWalk, changes: VaultChanges): Promise<boolean> {
  if ('everything' in changes || changes.paths.length > mostChecked) return false;
  for (const path of changes.paths) {
    if (directory !== '' && !path.startsWith(`${directory}/`)) {
      if (path === directory || directory.startsWith(`${path}/`)) return false;
      continue;
    }
    const stat = await vault.fs.stat(path).catch(() => null);
    if (stat === null || (stat !== undefined && (stat.kind !== 'file' || stat.target !== undefined))) return false;
    if (kept.listed.has(path)) {
      if (stat === undefined) return false;
      continue;
    }
    // Gone: a folder that held listed files? Made: a file a walk would list?
    if (stat === undefined ? kept.found.files.some((file) => file.path.startsWith(`${path}/`)) : vault.isListed(path, 'file')) return false;
  }
  return true;
}
