import type { Vault } from './vault.js';
import { isVaultError, VaultError } from './vault-error.js';
import { joinVaultPath, parentOf, trashFolder } from './vault-path.js';

/** Most names tried in the trash for one file (`name~2.md` ... ), so that even a crowded trash bounds the work. */
const maxTrashNames = 10_000;

/**
 * Moves the file to the first free name in the trash: its own path, else `name~N.ext`. The backend's
 * rename never replaces anything, so a name another removal took a moment ago is skipped, never
 * overwritten: the check and the move are one step.
 */
export async function moveToTrash(vault: Vault, path: string): Promise<string> {
  const wanted = joinVaultPath(trashFolder, path);
  const slash = wanted.lastIndexOf('/');
  const dot = wanted.lastIndexOf('.');
  const [stem, extension] = dot > slash + 1 ? [wanted.slice(0, dot), wanted.slice(dot)] : [wanted, ''];
  const folder = parentOf(wanted);
  if (((await vault.fs.resolveSymlinks?.(folder)) ?? folder) !== folder) {
    throw new VaultError(
      'IO_ERROR',
      `The trash folder ${folder} is a symlink or runs through one, so nothing was moved there. Remove the link from .trash/ and retry.`,
    );
  }
  await vault.fs.makeDirectory(folder);
  for (let suffix = 1; suffix <= maxTrashNames; suffix += 1) {
    const candidate = suffix === 1 ? wanted : `${stem}~${suffix}${extension}`;
    if (await vault.fs.stat(candidate)) continue;
    try {
      await vault.fs.rename(path, candidate);
      return candidate;
    } catch (error) {
      if (!isVaultError(error) || error.code !== 'ALREADY_EXISTS') throw error;
    }
  }
  throw new VaultError(
    'IO_ERROR',
    `The trash already holds ${maxTrashNames} files named like ${wanted}, so ${path} was left where it is. Empty part of .trash/ and retry.`,
  );
}
