import type { VaultChanges, VaultFs } from '../vault/vault-fs.js';
import type { AnalyzedNote } from './analyze-note.js';
import { createTermDictionary, type TermDictionary } from './term-dictionary.js';

/** Most numbers the cached notes of one backend hold in all (4 bytes each, 128 MiB): past it, further notes are read at each call, not kept. */
export const maxCachedCounts = 32 * 1024 * 1024;
/** Most distinct words one backend's cache numbers: past it (words of notes long gone pile up), the cache starts afresh. */
const maxDictionaryWords = 4 * 1024 * 1024;

/** The notes FindNotes read, per backend, each under the version its backend gave the file: a file changed since is read again. */
export interface NoteCache {
  dictionary: TermDictionary;
  /** The note analysed from this version of the file: cached, or being analysed (by this call or another), or undefined. */
  get(path: string, source: string, version: string): AnalyzedNote | Promise<AnalyzedNote> | undefined;
  /** Keeps a note (while it is analysed: the promise of it), within the bound. */
  set(path: string, source: string, version: string, note: AnalyzedNote | Promise<AnalyzedNote>): void;
  /** Forgets a note (its analysis failed). */
  forget(path: string): void;
  /** Forgets every note not among `paths` (the whole vault as listed now): removed and moved notes free their room. */
  retain(paths: ReadonlySet<string>): void;
  /**
   * Forgets the notes the backend's change log names since the last call (a folder's path stands for
   * what is below it), and remembers where the log now stands. A version alone can miss a change: two
   * writes of one size within a tick of the file system's clock leave the same times.
   */
  forgetChanged(changesSince: (cursor: number) => VaultChanges): void;
}

const caches = new WeakMap<VaultFs, NoteCache>();

/**
 * The note cache of a backend that gives versions (`VaultFs.version`), made afresh when its
 * dictionary grew past its bound; for a backend without versions, a cache of this call alone.
 */
export function noteCacheOf(fs: VaultFs): NoteCache {
  if (!fs.version) return createNoteCache();
  let cache = caches.get(fs);
  if (!cache || cache.dictionary.size > maxDictionaryWords) {
    cache = createNoteCache();
    caches.set(fs, cache);
  }
  return cache;
}

type Entry = { source: string; version: string; note: AnalyzedNote | Promise<AnalyzedNote> };

function createNoteCache(): NoteCache {
  const dictionary = createTermDictionary();
  const notes = new Map<string, Entry>();
  let counts = 0;
  let cursor = 0;
  const sizeOf = ({ note }: Entry) => (note instanceof Promise ? 0 : note.terms.counts.length + 2 * note.terms.termIds.length + 6 * note.sections.length);
  const forget = (path: string) => {
    const old = notes.get(path);
    if (old) counts -= sizeOf(old);
    notes.delete(path);
  };
  return {
    dictionary,
    get(path, source, version) {
      const cached = notes.get(path);
      return cached?.source === source && cached.version === version ? cached.note : undefined;
    },
    set(path, source, version, note) {
      forget(path);
      const entry = { source, version, note };
      if (counts + sizeOf(entry) > maxCachedCounts) return;
      notes.set(path, entry);
      counts += sizeOf(entry);
    },
    forget,
    retain(paths) {
      for (const path of notes.keys()) if (!paths.has(path)) forget(path);
    },
    forgetChanged(changesSince) {
      const changes = changesSince(cursor);
      cursor = changes.cursor;
      // `everything` (the watch started or started again): the versions alone decide, as without a watch.
      if (!('paths' in changes) || changes.paths.length === 0) return;
      const changed = new Set(changes.paths);
      const touched = (path: string) => {
        for (let end = path.length; end > 0; end = path.lastIndexOf('/', end - 1)) if (changed.has(path.slice(0, end))) return true;
        return false;
      };
      // The vault's root stands for every note.
      const everyNote = changes.paths.includes('');
      for (const [path, { source }] of notes) if (everyNote || touched(path) || touched(source)) forget(path);
    },
  };
}
