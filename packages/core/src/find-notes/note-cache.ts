import type { Vault } from '../vault/vault.js';
import type { VaultChanges, VaultFs } from '../vault/vault-fs.js';
import type { SkipCode } from '../search/search-text.js';
import type { AnalyzedNote } from './analyze-note.js';
import { createNoteIndex, type NoteIndex } from './note-index.js';
import { createShownTextCache, type ShownTextCache } from './shown-text-cache.js';
import { createTermDictionary, type TermDictionary } from './term-dictionary.js';

/**
 * Most distinct words one backend's cache numbers, at least: past it (words of notes long gone pile up), the cache starts
 * afresh. A vault whose own notes hold more (`NoteCache.vaultWords`) may reach twice theirs, up to `mostDictionaryWords`: a
 * cache started afresh at every call would read the whole vault at every call.
 */
const maxDictionaryWords = 4 * 1024 * 1024;
/** Most distinct words a cache numbers in any case: a JavaScript Map holds at most 2^24 entries. */
const mostDictionaryWords = 12 * 1024 * 1024;

/** Why a file is no note to rank that its bytes decide (a permission may change with the bytes kept). */
export type BytesSkipCode = Exclude<SkipCode, 'PERMISSION_DENIED'>;

/** The notes FindNotes read, per backend, each under the version its backend gave the file, their words in one index. */
export interface NoteCache {
  dictionary: TermDictionary;
  index: NoteIndex;
  /** The texts of its notes shown lately, a path's forgotten with its note (`ShownTextCache`); within an eighth of `bound`'s bytes. */
  shown: ShownTextCache;
  /**
   * Keeps the bytes `note` (the one cached at `path`) was analysed from, while the notes leave room for them within `bound`
   * (a note kept later takes room from them, the first kept going first): a note shown or checked for a phrase is not read
   * again. Forgotten with the note, and all of them when the change log loses track (as `shown`).
   */
  keepBytes(path: string, source: string, note: AnalyzedNote, bytes: Uint8Array): void;
  /** The bytes `note` was analysed from, when kept (`keepBytes`); else undefined. */
  bytesOf(path: string, source: string, note: AnalyzedNote): Uint8Array | undefined;
  /** The bound it keeps notes within, in 4-byte numbers (`VaultOptions.findNotesMemory`). */
  readonly bound: number;
  /** The numbers its notes hold now (`AnalyzedNote.size`). */
  readonly used: number;
  /** Counts the changes to what it keeps (a note kept or forgotten, a path the change log named): equal, nothing changed. */
  readonly generation: number;
  /** The words of the dictionary once the whole vault was first read into it: what the vault's own notes hold (`readNotes`). */
  vaultWords: number | undefined;
  /** The last call's notes, for the next call over the same list of files when nothing changed since (`readNotes`). */
  remembered: { files: readonly unknown[]; generation: number; read: unknown } | undefined;
  /**
   * The note analysed from this file: cached (or being analysed, by this call or another) under
   * `version`, or under any version when `version` is undefined (the caller knows from the change
   * log that the file did not change since it was cached); else undefined.
   */
  get(path: string, source: string, version: string | undefined): AnalyzedNote | Promise<AnalyzedNote> | undefined;
  /** Keeps the note being analysed from this version of the file, once analysed, when it fits the bound; forgets it when its analysis fails. */
  keep(path: string, source: string, version: string, analysed: Promise<AnalyzedNote>): void;
  /**
   * Remembers that this version of the file is no note to rank, for a reason its bytes decide (not text, too large, too many
   * words): the next call skips it without reading it. Forgotten as a note is (changed, gone).
   */
  refuse(path: string, source: string, version: string, reason: BytesSkipCode): void;
  /** Why this version of the file was refused (`refuse`), or undefined. */
  refusal(path: string, source: string, version: string): BytesSkipCode | undefined;
  /** Forgets every note not among `files` (the whole vault as listed now): removed and moved notes free their room. Free when given the list it was given last (a kept walk). */
  retain(files: readonly { path: string }[]): void;
  /**
   * Forgets the notes the backend's change log names since the last call (a folder's path stands for
   * what is below it), and remembers where the log now stands. True when the log named every change
   * (the notes kept are as they are now, whatever their versions); false when it said `everything`
   * (the watch started or started again), and versions decide. A version alone can miss a change: two
   * writes of one size within a tick of the file system's clock leave the same times.
   */
  forgetChanged(changesSince: (cursor: number) => VaultChanges): boolean;
}

const caches = new WeakMap<VaultFs, NoteCache>();

/**
 * The note cache of a vault's backend when it gives versions (`VaultFs.version`), made afresh when its
 * dictionary grew past its bound or the vault asks another memory bound; for a backend without
 * versions, a cache of this call alone.
 */
export function noteCacheOf(vault: Vault): NoteCache {
  const bound = Math.floor(vault.options.findNotesMemory / 4);
  if (!vault.fs.version) return createNoteCache(bound);
  let cache = caches.get(vault.fs);
  if (!cache || cache.dictionary.size > dictionaryBound(cache) || cache.bound !== bound) {
    cache = createNoteCache(bound);
    caches.set(vault.fs, cache);
  }
  return cache;
}

const dictionaryBound = (cache: NoteCache) => Math.min(mostDictionaryWords, Math.max(maxDictionaryWords, 2 * (cache.vaultWords ?? 0)));

type Entry = { source: string; version: string; note: AnalyzedNote | Promise<AnalyzedNote> };

function createNoteCache(bound: number): NoteCache {
  const dictionary = createTermDictionary();
  const index = createNoteIndex();
  // Units of two bytes, an eighth of the bytes the notes are kept within.
  const shown = createShownTextCache(Math.floor(bound / 4));
  const notes = new Map<string, Entry>();
  let used = 0;
  const kept = new Map<string, { source: string; note: AnalyzedNote; bytes: Uint8Array }>();
  // In 4-byte numbers, as `used` and `bound`.
  let keptNumbers = 0;
  const numbersOf = (bytes: Uint8Array) => Math.ceil(bytes.length / 4);
  const dropBytes = (path: string) => {
    const entry = kept.get(path);
    if (!entry) return;
    keptNumbers -= numbersOf(entry.bytes);
    kept.delete(path);
  };
  let cursor = 0;
  let retained: readonly { path: string }[] | undefined;
  let generation = 0;
  const refusals = new Map<string, { source: string; version: string; reason: BytesSkipCode }>();
  const forget = (path: string) => {
    refusals.delete(path);
    shown.forget(path);
    dropBytes(path);
    const old = notes.get(path);
    if (old) generation += 1;
    notes.delete(path);
    if (!old || old.note instanceof Promise) return;
    used -= old.note.size;
    index.remove(old.note);
  };
  return {
    dictionary,
    index,
    shown,
    bound,
    get used() {
      return used;
    },
    get generation() {
      return generation;
    },
    vaultWords: undefined,
    remembered: undefined,
    get(path, source, version) {
      const cached = notes.get(path);
      return cached?.source === source && (version === undefined || cached.version === version) ? cached.note : undefined;
    },
    keep(path, source, version, analysed) {
      forget(path);
      const entry: Entry = { source, version, note: analysed };
      notes.set(path, entry);
      analysed.then(
        (note) => {
          // Forgotten meanwhile (changed, or gone): the analysis may be of the old text.
          if (notes.get(path) !== entry) return;
          // Kept bytes make room for a note.
          for (const [oldest] of kept) {
            if (used + note.size + keptNumbers <= bound) break;
            dropBytes(oldest);
          }
          if (used + note.size > bound) {
            notes.delete(path);
            return;
          }
          entry.note = note;
          used += note.size;
          generation += 1;
          index.add(note);
        },
        () => {
          if (notes.get(path) === entry) notes.delete(path);
        },
      );
    },
    refuse(path, source, version, reason) {
      forget(path);
      refusals.set(path, { source, version, reason });
    },
    refusal(path, source, version) {
      const refused = refusals.get(path);
      return refused?.source === source && refused.version === version ? refused.reason : undefined;
    },
    keepBytes(path, source, note, bytes) {
      dropBytes(path);
      if (notes.get(path)?.note !== note || used + keptNumbers + numbersOf(bytes) > bound) return;
      // A copy: the bytes read may be a view of a larger buffer (a pool of small reads), which would be kept whole.
      kept.set(path, { source, note, bytes: new Uint8Array(bytes) });
      keptNumbers += numbersOf(bytes);
    },
    bytesOf(path, source, note) {
      const entry = kept.get(path);
      return entry?.note === note && entry.source === source ? entry.bytes : undefined;
    },
    retain(files) {
      if (files === retained) return;
      retained = files;
      const paths = new Set(files.map((file) => file.path));
      for (const path of [...notes.keys(), ...refusals.keys()]) if (!paths.has(path)) forget(path);
    },
    forgetChanged(changesSince) {
      const changes = changesSince(cursor);
      cursor = changes.cursor;
      if (!('paths' in changes)) {
        // What changed meanwhile is not known: a text shown before may be of an older note than its version tells.
        shown.clear();
        kept.clear();
        keptNumbers = 0;
        return false;
      }
      if (changes.paths.length === 0) return true;
      generation += 1;
      const changed = new Set(changes.paths);
      const touched = (path: string) => {
        for (let end = path.length; end > 0; end = path.lastIndexOf('/', end - 1)) if (changed.has(path.slice(0, end))) return true;
        return false;
      };
      // The vault's root stands for every note.
      const everyNote = changed.has('');
      for (const [path, { source }] of [...notes, ...refusals]) if (everyNote || touched(path) || touched(source)) forget(path);
      return true;
    },
  };
}
