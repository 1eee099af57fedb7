import type { Vault } from './vault.js';
import { joinVaultPath } from './vault-path.js';

/**
 * Every listed file below `directory` (hidden paths and other extensions left out, symlinked
 * folders not entered), sorted by path. `checkDeadline` runs once per folder.
 */
export async function walkFiles(vault: Vault, directory: string, checkDeadline: () => void): Promise<string[]> {
  const files: string[] = [];
  const pending = [directory];
  while (pending.length > 0) {
    checkDeadline();
    const folder = pending.pop()!;
    for (const entry of await vault.fs.readDirectory(folder)) {
      const path = joinVaultPath(folder, entry.name);
      if (!vault.isListed(path, entry.kind, entry.target)) continue;
      if (entry.kind === 'file') files.push(path);
      else if (!entry.symlink) pending.push(path);
    }
  }
  return files.sort(comparePaths);
}

/** Code-unit order, the same on every platform and locale. */
export function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
