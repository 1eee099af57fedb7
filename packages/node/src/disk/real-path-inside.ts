import { promises as fs } from 'node:fs';
import path from 'node:path';
import { VaultError } from '@vault/core';

const maxSymlinkHops = 40;

/** True when `candidate` is `root` or below it (`/vault-evil` is not below `/vault`). */
export function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/**
 * The real path `absolute` leads to, following every symlink on the way (a dangling one too),
 * where the tail that does not exist yet is kept as written.
 */
export async function realPathAllowingMissing(absolute: string, hops = 0): Promise<string> {
  try {
    return await fs.realpath(absolute);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const link = await fs.readlink(absolute).catch(() => undefined);
  if (link !== undefined) {
    if (hops >= maxSymlinkHops) throw Object.assign(new Error('symlink loop'), { code: 'ELOOP' });
    // A relative link is relative to the folder's real location, not to the path as written.
    const folder = await realPathAllowingMissing(path.dirname(absolute), hops + 1);
    return realPathAllowingMissing(path.resolve(folder, link), hops + 1);
  }
  const parent = path.dirname(absolute);
  if (parent === absolute) return absolute;
  return path.join(await realPathAllowingMissing(parent, hops), path.basename(absolute));
}

/** Refuses a real path outside the vault, naming only the vault-relative path. */
export function assertInside(root: string, real: string, relativePath: string): string {
  if (isInside(root, real)) return real;
  throw new VaultError(
    'PATH_OUTSIDE_VAULT',
    `${relativePath} leads outside the vault through a symlink, and the tools never follow links out of the vault. Use a path whose real location is inside the vault.`,
  );
}
