import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Vault } from '../vault/vault.js';
import type { VaultFs } from '../vault/vault-fs.js';
import type { AnalyzedNote } from './analyze-note.js';

/** Most numbers the vectors of one backend hold (128 MiB): past it, the vectors kept first are let go. */
const maxVectorNumbers = 32 * 1024 * 1024;
/** Most keys of refused sections kept: past it, the first refused are let go (and asked for again). */
const maxRefusedKeys = 100_000;
/** Most characters of a section sent to be embedded: models read a few thousand tokens at most. */
export const maxEmbeddedChars = 4000;

/**
 * The sections' vectors of one backend's notes, kept by a key that is the hash of the model's name,
 * the section's heading path and its text: a note's sections are keyed when it is analysed
 * (`keySections`), so a note changed since has other keys and never takes an old vector.
 */
export interface SectionVectors {
  /** The keys of a note's sections as analysed (undefined for a section with no words); undefined when not keyed. */
  keysOf(note: AnalyzedNote): (string | undefined)[] | undefined;
  /** Keys `note`'s sections from `text` (what it was analysed from) for `model`: once per analysis. */
  keySections(note: AnalyzedNote, text: string, model: string): void;
  get(key: string): Float32Array | undefined;
  set(key: string, vector: Float32Array): void;
  /** Marks a section the endpoint refused (`EmbeddingsRefused`): it is ranked by words only, and not asked for again. */
  refuse(key: string): void;
  refused(key: string): boolean;
  /** The background's embedding of the notes lacking vectors (`embedNotes`): running, and the notes it is to look at next. */
  work: { running: boolean; next: { notes: readonly AnalyzedNote[]; sources: ReadonlyMap<string, string> } | undefined };
}

const stores = new WeakMap<VaultFs, SectionVectors>();

export function sectionVectorsOf(vault: Vault): SectionVectors {
  let store = stores.get(vault.fs);
  if (!store) {
    store = createSectionVectors();
    stores.set(vault.fs, store);
  }
  return store;
}

function createSectionVectors(): SectionVectors {
  const keys = new WeakMap<AnalyzedNote, (string | undefined)[]>();
  const vectors = new Map<string, Float32Array>();
  const refused = new Set<string>();
  let numbers = 0;
  return {
    keysOf: (note) => keys.get(note),
    keySections: (note, text, model) =>
      keys.set(
        note,
        sectionTexts(note, text).map((section) => (section === undefined ? undefined : sectionKey(model, section))),
      ),
    get: (key) => vectors.get(key),
    set(key, vector) {
      if (vectors.has(key)) return;
      vectors.set(key, vector);
      numbers += vector.length;
      for (const [old, kept] of vectors) {
        if (numbers <= maxVectorNumbers) break;
        vectors.delete(old);
        numbers -= kept.length;
      }
    },
    refuse(key) {
      refused.add(key);
      if (refused.size > maxRefusedKeys) refused.delete(refused.values().next().value!);
    },
    refused: (key) => refused.has(key),
    work: { running: false, next: undefined },
  };
}

/** The text each of `note`'s sections is embedded from (heading path, then its lines, cut at `maxEmbeddedChars`), from the text it was analysed from; undefined for a section with no words. */
export function sectionTexts(note: AnalyzedNote, text: string): (string | undefined)[] {
  return note.sections.map((section, at) => {
    const own = text.slice(section.offset, note.sections[at + 1]?.offset ?? text.length);
    if (!/[\p{L}\p{N}]/u.test(own)) return undefined;
    return `${section.heading === undefined ? '' : `${section.heading}\n`}${own}`.slice(0, maxEmbeddedChars);
  });
}

/** The key of a section's vector: its model and the whole text it is embedded from. */
export function sectionKey(model: string, section: string): string {
  return bytesToHex(sha256(utf8ToBytes(`${model}\u0000${section}`)).subarray(0, 16));
}
