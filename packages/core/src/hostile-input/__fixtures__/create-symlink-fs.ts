/**
 * A backend with symlinks, for the link attacks: createMemoryFs plus a table of links, each named by
 * where it sits (no link on the way) and giving the vault-relative path it names. It follows links
 * as a kernel would (a write through a link lands where it leads), so only core's checks stand
 * between an attacker and the target. Dangling links are allowed, as on a real disk.
 */
import { createMemoryFs, type VaultSeed } from '../../vault/memory-fs.js';
import { createVault, type VaultOptions } from '../../vault/vault.js';
import { VaultError } from '../../vault/vault-error.js';
import type { VaultDirectoryEntry, VaultFs } from '../../vault/vault-fs.js';
import { parentOf } from '../../vault/vault-path.js';

export interface SymlinkFs extends VaultFs {
  toJSON(): VaultSeed;
  symlinks(): Record<string, string>;
}

function join(directory: string, name: string): string {
  return directory === '' ? name : `${directory}/${name}`;
}

export function createSymlinkFs(seed: VaultSeed, links: Record<string, string>): SymlinkFs {
  const inner = createMemoryFs(seed);
  const table = new Map(Object.entries(links));

  /** The path with every link on the way followed (the last segment too), a dangling one included. */
  function resolve(path: string, hops = 0): string {
    if (hops > 40) throw new VaultError('IO_ERROR', `${path} goes through a loop of symlinks.`);
    const segments = path === '' ? [] : path.split('/');
    let current = '';
    for (const [index, segment] of segments.entries()) {
      current = join(current, segment);
      const target = table.get(current);
      if (target !== undefined) {
        const rest = segments.slice(index + 1).join('/');
        return resolve(rest === '' ? target : `${target}/${rest}`, hops + 1);
      }
    }
    return path;
  }

  /** Where the entry itself sits: its parent followed, its own name not (what rename works on). */
  function entryOf(path: string): string {
    return join(resolve(parentOf(path)), path.slice(path.lastIndexOf('/') + 1));
  }

  return {
    root: inner.root,
    async stat(path) {
      const real = resolve(path);
      const stat = await inner.stat(real);
      if (!stat || real === path) return stat;
      return { ...stat, target: real };
    },
    readFile: (path) => inner.readFile(resolve(path)),
    readFileChunks: (path) => inner.readFileChunks!(resolve(path)),
    writeFile: (path, data, options) => inner.writeFile(resolve(path), data, options),
    async readDirectory(path, options) {
      const real = resolve(path);
      const entries: VaultDirectoryEntry[] = await inner.readDirectory(real, options);
      for (const link of table.keys()) {
        if (parentOf(link) !== real) continue;
        const target = resolve(link);
        const stat = await inner.stat(target);
        // A dangling link is left out of a listing, as the Node backend does.
        if (stat) entries.push({ name: link.slice(link.lastIndexOf('/') + 1), kind: stat.kind, size: stat.size, symlink: true, target });
      }
      return entries;
    },
    makeDirectory: (path) => inner.makeDirectory(resolve(path)),
    async rename(from, to) {
      const source = entryOf(from);
      const destination = entryOf(to);
      if (table.has(destination) || (await inner.stat(destination))) throw new VaultError('ALREADY_EXISTS', `${to} already exists.`);
      const link = table.get(source);
      if (link !== undefined) {
        table.delete(source);
        table.set(destination, link);
        return;
      }
      // The kernel refuses to move a folder into itself (EINVAL), which the Node backend reports as IO_ERROR.
      if (destination.startsWith(`${source}/`)) throw new VaultError('IO_ERROR', `${from} could not be accessed (EINVAL). Retry, or check the disk.`);
      await inner.rename(source, destination);
    },
    async resolveSymlinks(path) {
      return resolve(path);
    },
    toJSON: () => inner.toJSON(),
    symlinks: () => Object.fromEntries(table),
  };
}

/** A vault on a backend with symlinks (`createSymlinkFs`): the backend, to assert on, and the vault. */
export function openLinked(seed: VaultSeed, links: Record<string, string>, options: VaultOptions = {}) {
  const fs = createSymlinkFs(seed, links);
  return { fs, vault: createVault(fs, options) };
}
