import type { VaultFs } from '../vault/vault-fs.js';
import type { AnalyzedNote } from './analyze-note.js';
import { createTermDictionary, type TermDictionary } from './term-dictionary.js';

/** Most numbers the cached notes of one backend hold in all (4 bytes each): past it, the notes read longest ago are dropped. */
export const maxCachedCounts = 16 * 1024 * 1024;
/** Most distinct words one backend's cache numbers: past it (words of notes long gone pile up), the cache starts afresh. */
const maxDictionaryWords = 4 * 1024 * 1024;

/** The notes FindNotes read last, per backend, each under the version its backend gave the file: a file changed since is read again. */
export interface NoteCache {
  dictionary: TermDictionary;
  get(path: string, source: string, version: string): AnalyzedNote | undefined;
  set(path: string, source: string, version: string, note: AnalyzedNote): void;
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

function createNoteCache(): NoteCache {
  const dictionary = createTermDictionary();
  const notes = new Map<string, { source: string; version: string; note: AnalyzedNote }>();
  let counts = 0;
  const sizeOf = (note: AnalyzedNote) => note.terms.counts.length + 2 * note.terms.termIds.length + 4 * note.sections.length;
  return {
    dictionary,
    get(path, source, version) {
      const cached = notes.get(path);
      return cached?.source === source && cached.version === version ? cached.note : undefined;
    },
    set(path, source, version, note) {
      const old = notes.get(path);
      if (old) counts -= sizeOf(old.note);
      notes.delete(path);
      notes.set(path, { source, version, note });
      counts += sizeOf(note);
      for (const [oldest, entry] of notes) {
        if (counts <= maxCachedCounts) break;
        notes.delete(oldest);
        counts -= sizeOf(entry.note);
      }
    },
  };
}
