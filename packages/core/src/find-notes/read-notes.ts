import pMap from 'p-map';
import { isSkipCode, type SkipCode } from '../search/search-text.js';
import { createTextDecoder, decodeText } from '../text/text-codec.js';
import type { Vault } from '../vault/vault.js';
import { isVaultError, VaultError } from '../vault/vault-error.js';
import type { WalkedFile } from '../vault/walk-files.js';
import { type AnalyzedNote, analyzeNote } from './analyze-note.js';
import { type NoteCache, noteCacheOf } from './note-cache.js';
import type { NoteIndex } from './note-index.js';
import { sectionVectorsOf } from './section-vectors.js';
import type { ShownTextCache } from './shown-text-cache.js';
import type { TermDictionary } from './term-dictionary.js';

/** Largest note FindNotes ranks, in bytes: a larger file is skipped (`FILE_TOO_LARGE`) and named; TextSearch still searches it. */
export const maxRankedNoteSize = 8 * 1024 * 1024;
/** Notes one call reads, at least, for the note index to merge them at its end (`NoteIndex.settle`). */
const settleBatch = 128;
/** Notes read at once. */
const notesAtOnce = 16;

/** The notes of a FindNotes call as they are now, in the order of `files`, with the words they were counted in and the index holding those kept. */
export interface ReadNotes {
  notes: AnalyzedNote[];
  dictionary: TermDictionary;
  index: NoteIndex;
  skipped: { path: string; reason: SkipCode }[];
  /** The files read at another path than their own (through a symlink): path -> the path read. */
  sources: Map<string, string>;
  /** Files left unread because `keepReading` said to stop (the time budget ran low): the answer is partial. */
  unread: number;
  /**
   * The texts of notes shown before, when the change log named every change since the last call
   * (the notes kept, and the texts shown of them, are as they are now); else undefined, and shown
   * notes are read.
   */
  shown: ShownTextCache | undefined;
  /** The bytes a note was analysed from, when kept (`NoteCache.bytesOf`) and the change log named every change since the last call; else undefined. */
  bytesOf: ((path: string, source: string, note: AnalyzedNote) => Uint8Array | undefined) | undefined;
}

/**
 * Every file of `files` as it is now, ready to rank: taken from the backend's note cache when its
 * version is the one cached, else read and analysed (and cached). After a sync point (`afterSync`)
 * the backend's change log names every note changed since the last call: those are read again, and
 * the others are taken as cached with no version asked (no lstat per note). A file gone since the
 * walk is passed over; one that is not text, too large to rank or not readable is skipped and named.
 * `keepReading` runs before each file read: once false, the rest is left unread and counted (it
 * may throw, to stop the call). `pace`, when given, is awaited before each file read (the warm-up's
 * way of giving calls the way, `createWarmUpPace`). `wholeVault`: `files` are every note of the vault, so the cache
 * forgets the others.
 */
export async function readNotes(
  vault: Vault,
  files: readonly WalkedFile[],
  { wholeVault, afterSync, keepReading, pace }: { wholeVault: boolean; afterSync: boolean; keepReading: () => boolean; pace?: () => Promise<void> },
): Promise<ReadNotes> {
  const cache = noteCacheOf(vault);
  const changesSince = vault.fs.changesSince?.bind(vault.fs);
  const logged = afterSync && changesSince !== undefined && cache.forgetChanged(changesSince);
  if (wholeVault) cache.retain(files);
  // The same list of files as the last call's, and nothing changed since: the same notes.
  const remembered = cache.remembered;
  if (logged && remembered?.files === files && remembered.generation === cache.generation) return remembered.read as ReadNotes;
  // A note still being analysed (its analysis may fail) is left to `readNote`, which waits for it.
  const found: (AnalyzedNote | { path: string; reason: SkipCode } | undefined)[] = files.map(({ path, source }) => {
    const cached = logged ? cache.get(path, source, undefined) : undefined;
    return cached instanceof Promise ? undefined : cached;
  });
  const toRead: number[] = [];
  for (let at = 0; at < files.length; at += 1) if (found[at] === undefined) toRead.push(at);
  let unread = 0;
  await pMap(
    toRead,
    async (at) => {
      await pace?.();
      if (unread > 0 || !keepReading()) unread += 1;
      else found[at] = await readNote(vault, cache, files[at]!);
    },
    { concurrency: notesAtOnce },
  );
  // A batch read (start-up, a checkout) joins the postings now, where later calls read them fastest.
  if (toRead.length >= settleBatch) cache.index.settle();
  // A note taken from the cache whose postings another call dropped meanwhile (its change log named it): read as it is now.
  for (let at = 0; at < files.length; at += 1) {
    const entry = found[at];
    if (entry && !('reason' in entry) && entry.terms === undefined && entry.ordinal === undefined) found[at] = await readNote(vault, cache, files[at]!);
  }
  const shown = logged ? cache.shown : undefined;
  const bytesOf = logged ? cache.bytesOf : undefined;
  const read: ReadNotes = { notes: [], dictionary: cache.dictionary, index: cache.index, skipped: [], sources: new Map(), unread, shown, bytesOf };
  for (const entry of found) {
    if (entry && 'reason' in entry) read.skipped.push(entry);
    else if (entry) read.notes.push(entry);
  }
  for (const file of files) if (file.source !== file.path) read.sources.set(file.path, file.source);
  if (wholeVault && unread === 0) cache.vaultWords ??= cache.dictionary.size;
  // Remembered only when every note came from the cache: a note past the memory bound is not held here either.
  if (logged && toRead.length === 0) cache.remembered = { files, generation: cache.generation, read };
  return read;
}

/** One note, from the cache under its version or read and analysed now (and kept); undefined when gone; its skip reason when not a note to rank. */
async function readNote(vault: Vault, cache: NoteCache, { path, source }: WalkedFile): Promise<AnalyzedNote | { path: string; reason: SkipCode } | undefined> {
  let version: string | undefined;
  try {
    version = await vault.fs.version?.(source);
    const cached = version === undefined ? undefined : cache.get(path, source, version);
    if (cached) return await cached;
    const refused = version === undefined ? undefined : cache.refusal(path, source, version);
    if (refused) return { path, reason: refused };
    let bytes: Uint8Array | undefined;
    const analysed = readNoteBytes(vault, source).then((read) => {
      bytes = read;
      const { text } = decodeText(read, path);
      const note = analyzeNote(path, text, cache.dictionary);
      // With semantic ranking, its sections are keyed by their text now: a vector is taken only for the text analysed.
      if (vault.options.embeddings) sectionVectorsOf(vault).keySections(note, text, vault.options.embeddings.model);
      return note;
    });
    if (version === undefined) return await analysed;
    // Another call reading the same version meanwhile waits for this one.
    cache.keep(path, source, version, analysed);
    const note = await analysed;
    cache.keepBytes(path, source, note, bytes!);
    return note;
  } catch (error) {
    if (isVaultError(error) && error.code === 'NOT_FOUND') return undefined;
    // Not a note to rank (not text, too large or of too many words: not read again while its version holds), or not readable with
    // the server's permissions (read again at the next call): named.
    if (isVaultError(error) && isSkipCode(error.code)) {
      if (error.code !== 'PERMISSION_DENIED' && version !== undefined) cache.refuse(path, source, version, error.code);
      return { path, reason: error.code };
    }
    throw error;
  }
}

/** A note's bytes, refused past the size FindNotes ranks (or the vault's own limit, when lower). */
export async function readNoteBytes(vault: Vault, path: string): Promise<Uint8Array> {
  const stat = await vault.fs.stat(path);
  if (!stat) throw new VaultError('NOT_FOUND', `${path} is gone.`);
  if (stat.size > rankedSize(vault)) throw tooLarge(path);
  return vault.fs.readFile(path);
}

/**
 * A ranked note's text as it is now, to show it, or undefined when it is gone or no longer readable
 * as a note since it was ranked: read without asking its size first (it was within the bound when
 * it was read to rank, and the change log or its version says it has not changed since; a file grown
 * past the bound meanwhile is refused once read, as a stat before the read could not prevent either).
 */
export async function readRankedNoteText(vault: Vault, path: string, kept?: Uint8Array): Promise<string | undefined> {
  return (await readShownText(vault, path, undefined, kept))?.text;
}

/** A shown note's text: its best section's own lines (`section`: true, from the section's first line), or the whole note. */
export interface ShownText {
  text: string;
  section: boolean;
}

/**
 * A ranked note as it is now, to show `shown`'s section (`readRankedNoteText`): only the section's
 * bytes are decoded when they can be told from the bytes read (`sectionBytes`), else all of them.
 * `kept`: the bytes the note was analysed from, as it is now (`ReadNotes.bytesOf`), taken instead of a read.
 */
export async function readShownText(
  vault: Vault,
  path: string,
  shown?: { note: AnalyzedNote; section: number },
  kept?: Uint8Array,
): Promise<ShownText | undefined> {
  try {
    const bytes = kept ?? (await vault.fs.readFile(path));
    if (bytes.length > rankedSize(vault)) throw tooLarge(path);
    const own = shown && sectionBytes(bytes, shown.note, shown.section);
    if (own) {
      try {
        return { text: createTextDecoder(path, { midFile: true }).decode(own, true), section: true };
      } catch {}
    }
    return { text: decodeText(bytes, path).text, section: false };
  } catch (error) {
    if (isVaultError(error) && (error.code === 'NOT_FOUND' || isSkipCode(error.code))) return undefined;
    throw error;
  }
}

/**
 * The bytes of a note's section `index`, from its first line to the next section's, when the note
 * is as many bytes long as the text analysed was UTF-16 units: that text was ASCII (a character
 * beyond takes more bytes than units), so its offsets are byte offsets. Else (a note changed
 * meanwhile) undefined, and the note is decoded whole; so is one whose section does not start and
 * end at a line's start there, or holding a NUL byte anywhere (binary now: the whole decode refuses
 * it). A section decoded alone that is not text is decoded whole, which refuses it as before. What
 * a section alone cannot tell: bytes that are not UTF-8 outside it, in a note changed to them with
 * its length kept since the call's sync point (a change during the call, which 0015 lets a call see
 * or not): its section is shown.
 */
function sectionBytes(bytes: Uint8Array, note: AnalyzedNote, index: number): Uint8Array | undefined {
  if (bytes.length !== note.textLength || bytes.includes(0)) return undefined;
  const start = note.sections[index]!.offset;
  const end = note.sections[index + 1]?.offset ?? bytes.length;
  const atLineStart = (at: number) => at === 0 || at === bytes.length || bytes[at - 1] === 10;
  return start <= end && atLineStart(start) && atLineStart(end) ? bytes.subarray(start, end) : undefined;
}

const rankedSize = (vault: Vault) => Math.min(maxRankedNoteSize, vault.options.maxFileSize);
const tooLarge = (path: string) => new VaultError('FILE_TOO_LARGE', `${path} is too large to rank.`);
