import { VaultError } from './vault-error.js';
import type { ReadChunksOptions, VaultDirectoryEntry, VaultFs, VaultStat } from './vault-fs.js';
import { parentOf } from './vault-path.js';
import { writeConflict } from './write-conflict.js';

/** A vault as a plain object: file path → content; a key ending in `/` is an (empty) folder. */
export type VaultSeed = Record<string, string | Uint8Array>;

/** An in-memory `VaultFs`, for tests and for hosts with no disk. */
export interface MemoryFs extends VaultFs {
  /** The vault as a plain object: UTF-8 files as strings, other files as bytes, empty folders as `path/`. */
  toJSON(): VaultSeed;
}

export interface MemoryFsOptions {
  /** The absolute root that absolute tool paths are checked against. Default `/vault`. */
  root?: string;
}

/**
 * What only tests set: not part of the package's API, whose `createMemoryFs` (`index.ts`) is typed
 * with `MemoryFsOptions` alone; tests reach it by importing `createMemoryFs` from this file.
 */
export interface MemoryFsTuning {
  /** Chunk size of `readFileChunks`, in bytes: small ones cut a file at every place. Default 64 KiB. */
  chunkSize?: number;
}

type Entry = { kind: 'file'; data: Uint8Array } | { kind: 'directory' };
type Entries = Map<string, Entry>;

/** The content as a string when it is UTF-8 text (no NUL bytes), else a copy of the bytes. */
export function asTextOrBytes(
  bytes: Uint8Array,
  decoder: { decode(bytes: Uint8Array): string } = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }),
): string | Uint8Array {
  if (bytes.includes(0)) return bytes.slice();
  try {
    return decoder.decode(bytes);
  } catch {
    return bytes.slice();
  }
}

/** An in-memory vault seeded from a plain object (see `VaultSeed`). */
export function createMemoryFs(seed: VaultSeed = {}, { root = '/vault', chunkSize = 64 * 1024 }: MemoryFsOptions & MemoryFsTuning = {}): MemoryFs {
  const entries = seededEntries(seed);
  const versions = new WeakMap<Uint8Array, number>();
  let versionCount = 0;

  return {
    root,

    async stat(path): Promise<VaultStat | undefined> {
      const entry = entries.get(path);
      if (!entry) return undefined;
      return entry.kind === 'file' ? { kind: 'file', size: entry.data.length } : { kind: 'directory', size: 0 };
    },

    async readFile(path) {
      return fileAt(entries, path).slice();
    },

    async *readFileChunks(path, options) {
      yield* chunksOf(fileAt(entries, path), chunkSize, options);
    },

    async version(path) {
      const entry = entries.get(path);
      if (entry?.kind !== 'file') return undefined;
      // Every write stores new bytes: their number is the version.
      if (!versions.has(entry.data)) versions.set(entry.data, ++versionCount);
      return String(versions.get(entry.data));
    },

    async writeFile(path, data, { expected } = {}) {
      const bytes = data instanceof Uint8Array ? data : joined(Array.from(data, (piece) => piece.slice()));
      if (expected !== undefined) checkUnchanged(entries, path, expected);
      storeFile(entries, path, bytes);
    },

    async readDirectory(path): Promise<VaultDirectoryEntry[]> {
      const entry = entries.get(path);
      if (!entry) throw new VaultError('NOT_FOUND', `${path} does not exist.`);
      if (entry.kind !== 'directory') throw new VaultError('NOT_A_DIRECTORY', `${path} is a file, not a folder.`);
      return childrenOf(entries, path).map((child) => {
        const childEntry = entries.get(child)!;
        const size = childEntry.kind === 'file' ? childEntry.data.length : 0;
        return { name: child.slice(child.lastIndexOf('/') + 1), kind: childEntry.kind, size, symlink: false };
      });
    },

    async makeDirectory(path) {
      makeDirectoryIn(entries, path);
    },

    async rename(from, to) {
      renameIn(entries, from, to);
    },

    toJSON: () => jsonOf(entries),
  };
}

/** The entries of a vault seeded from a plain object (see `VaultSeed`), the root among them. */
function seededEntries(seed: VaultSeed): Entries {
  const entries: Entries = new Map([['', { kind: 'directory' }]]);
  const encoder = new TextEncoder();
  for (const [path, content] of Object.entries(seed)) {
    if (path.endsWith('/')) {
      makeDirectoryIn(entries, path.slice(0, -1));
      continue;
    }
    makeDirectoryIn(entries, parentOf(path));
    storeFile(entries, path, typeof content === 'string' ? encoder.encode(content) : content);
  }
  return entries;
}

function fileAt(entries: Entries, path: string): Uint8Array {
  const entry = entries.get(path);
  if (!entry) throw new VaultError('NOT_FOUND', `${path} does not exist.`);
  if (entry.kind !== 'file') throw new VaultError('NOT_A_FILE', `${path} is a folder, not a file.`);
  return entry.data;
}

/** `data` in chunks of `chunkSize` bytes from `start`, each a copy, or read into `buffer` (see `VaultFs.readFileChunks`). */
function* chunksOf(data: Uint8Array, chunkSize: number, { buffer, start = 0 }: ReadChunksOptions = {}): Generator<Uint8Array> {
  const size = buffer ? Math.min(chunkSize, buffer.length) : chunkSize;
  for (let offset = start; offset < data.length; offset += size) {
    const chunk = data.subarray(offset, offset + size);
    if (!buffer) yield chunk.slice();
    else {
      buffer.set(chunk);
      yield buffer.subarray(0, chunk.length);
    }
  }
}

/** The pieces as one array of bytes. */
function joined(pieces: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(pieces.reduce((length, piece) => length + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    bytes.set(piece, offset);
    offset += piece.length;
  }
  return bytes;
}

function checkUnchanged(entries: Entries, path: string, expected: Uint8Array | null) {
  const entry = entries.get(path);
  const current = entry?.kind === 'file' ? entry.data : undefined;
  const unchanged =
    expected === null
      ? entry === undefined
      : current !== undefined && current.length === expected.length && current.every((byte, index) => byte === expected[index]);
  if (!unchanged) throw writeConflict(path, expected);
}

function storeFile(entries: Entries, path: string, data: Uint8Array) {
  const parent = entries.get(parentOf(path));
  if (!parent) throw new VaultError('NOT_FOUND', `The folder of ${path} does not exist.`);
  if (parent.kind !== 'directory') throw new VaultError('NOT_A_DIRECTORY', `The parent of ${path} is a file, not a folder.`);
  if (entries.get(path)?.kind === 'directory') throw new VaultError('NOT_A_FILE', `${path} is a folder, not a file.`);
  entries.set(path, { kind: 'file', data: data.slice() });
}

function makeDirectoryIn(entries: Entries, path: string) {
  let folder = '';
  for (const segment of path === '' ? [] : path.split('/')) {
    folder = folder === '' ? segment : `${folder}/${segment}`;
    const entry = entries.get(folder);
    if (entry?.kind === 'file') throw new VaultError('NOT_A_DIRECTORY', `${folder} is a file, not a folder.`);
    if (!entry) entries.set(folder, { kind: 'directory' });
  }
}

function childrenOf(entries: Entries, path: string): string[] {
  const prefix = path === '' ? '' : `${path}/`;
  return [...entries.keys()].filter((key) => key !== '' && key.startsWith(prefix) && !key.slice(prefix.length).includes('/'));
}

function renameIn(entries: Entries, from: string, to: string) {
  const entry = entries.get(from);
  if (!entry) throw new VaultError('NOT_FOUND', `${from} does not exist.`);
  if (entries.get(to)) throw new VaultError('ALREADY_EXISTS', `${to} already exists.`);
  if (entries.get(parentOf(to))?.kind !== 'directory') throw new VaultError('NOT_FOUND', `The folder of ${to} does not exist.`);
  const moved = [...entries].filter(([key]) => key === from || key.startsWith(`${from}/`));
  for (const [key] of moved) entries.delete(key);
  for (const [key, value] of moved) entries.set(to + key.slice(from.length), value);
}

function jsonOf(entries: Entries): VaultSeed {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const json: VaultSeed = {};
  for (const key of [...entries.keys()].sort()) {
    const entry = entries.get(key)!;
    if (entry.kind === 'file') {
      json[key] = asTextOrBytes(entry.data, decoder);
    } else if (key !== '' && childrenOf(entries, key).length === 0) {
      json[`${key}/`] = '';
    }
  }
  return json;
}
