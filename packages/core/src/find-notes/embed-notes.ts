import { decodeText } from '../text/text-codec.js';
import type { Vault } from '../vault/vault.js';
import type { AnalyzedNote } from './analyze-note.js';
import { EmbeddingsRefused, embedWithin } from './embeddings.js';
import { readNoteBytes } from './read-notes.js';
import { sectionKey, sectionTexts, sectionVectorsOf } from './section-vectors.js';
import { createWarmUpPace } from './warm-up-pace.js';

/** Sections sent in one request, at most, and their characters. */
const batchTexts = 32;
const batchChars = 64 * 1024;
/** How long one background request may take, in ms. */
const batchTimeout = 60_000;

/**
 * Embeds, in the background, the sections of `notes` that have no vector yet (the whole vault after
 * the warm-up; the notes a FindNotes call saw, after it): each note read again (refused past the size
 * FindNotes ranks, as a call reads it: `readNoteBytes`), and a section sent
 * only when its text still has the key it was analysed with (a note changed since is keyed again when
 * next read, and embedded then). One pass at a time: notes given meanwhile are looked at next. A section
 * the endpoint refuses is left without a vector, and not asked for again (`SectionVectors.refuse`). Any
 * other failure ends the pass (the next call gives the notes again). Paced like the warm-up: calls go first.
 */
export function embedNotes(vault: Vault, notes: readonly AnalyzedNote[], sources: ReadonlyMap<string, string>): void {
  const store = sectionVectorsOf(vault);
  store.work.next = { notes, sources };
  if (store.work.running) return;
  store.work.running = true;
  void (async () => {
    try {
      for (let next = store.work.next; next; next = store.work.next) {
        store.work.next = undefined;
        await embedPass(vault, next.notes, next.sources);
      }
    } catch {
      // The endpoint failed (it logs it, and backs off): the sections left wait for the next call.
      store.work.next = undefined;
    } finally {
      store.work.running = false;
    }
  })();
}

async function embedPass(vault: Vault, notes: readonly AnalyzedNote[], sources: ReadonlyMap<string, string>) {
  const embeddings = vault.options.embeddings!;
  const store = sectionVectorsOf(vault);
  const pace = createWarmUpPace(vault);
  let batch: { key: string; text: string }[] = [];
  let chars = 0;
  // Sections the endpoint refuses (one too long for its model, in a batch) are asked for one at a time: those refused alone are left without a vector.
  const embedBatch = async (sent: { key: string; text: string }[]): Promise<void> => {
    try {
      const vectors = await embedWithin(
        embeddings,
        sent.map((section) => section.text),
        { milliseconds: batchTimeout, use: 'background' },
      );
      for (const [at, section] of sent.entries()) store.set(section.key, vectors[at]!);
    } catch (error) {
      if (!(error instanceof EmbeddingsRefused)) throw error;
      if (sent.length === 1) store.refuse(sent[0]!.key);
      else
        for (const section of sent) {
          await pace();
          await embedBatch([section]);
        }
    }
  };
  const flush = async () => {
    const sent = batch;
    [batch, chars] = [[], 0];
    if (sent.length > 0) await embedBatch(sent);
  };
  const wanted = (key: string | undefined): key is string => key !== undefined && !store.get(key) && !store.refused(key);
  for (const note of notes) {
    const keys = store.keysOf(note);
    if (!keys?.some(wanted)) continue;
    await pace();
    let text: string;
    try {
      text = decodeText(await readNoteBytes(vault, sources.get(note.path) ?? note.path), note.path).text;
    } catch {
      continue;
    }
    const texts = sectionTexts(note, text);
    for (let at = 0; at < keys.length; at += 1) {
      const key = keys[at];
      const section = texts[at];
      if (!wanted(key) || section === undefined || sectionKey(embeddings.model, section) !== key) continue;
      if (batch.some((queued) => queued.key === key)) continue;
      batch.push({ key, text: section });
      chars += section.length;
      if (batch.length >= batchTexts || chars >= batchChars) await flush();
    }
  }
  await flush();
}
