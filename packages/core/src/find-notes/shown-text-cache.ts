import type { AnalyzedNote } from './analyze-note.js';
import type { ShownText } from './read-notes.js';

/**
 * The texts of shown notes (`readShownText`), kept for the next call that shows the same section of
 * the same analysed note: a note shown before is not read and decoded again. Kept by path, under the
 * analysed note (the very object the note cache holds), its section and the path read; at most
 * `bound` UTF-16 units in all, the least recently shown going first. The note cache forgets a path's
 * text whenever it forgets the note, and every text when its change log loses track; its calls use
 * it only after their change log named every change (`ReadNotes.shown`).
 */
export interface ShownTextCache {
  get(path: string, source: string, note: AnalyzedNote, section: number): ShownText | undefined;
  set(path: string, source: string, note: AnalyzedNote, section: number, shown: ShownText): void;
  forget(path: string): void;
  clear(): void;
}

type Entry = { source: string; note: AnalyzedNote; section: number; shown: ShownText };

export function createShownTextCache(bound: number): ShownTextCache {
  const entries = new Map<string, Entry>();
  let used = 0;
  const forget = (path: string) => {
    const entry = entries.get(path);
    if (!entry) return;
    used -= entry.shown.text.length;
    entries.delete(path);
  };
  return {
    get(path, source, note, section) {
      const entry = entries.get(path);
      // A whole text shows any of its sections (`shownLines`).
      if (entry?.note !== note || (entry.section !== section && entry.shown.section) || entry.source !== source) return undefined;
      // The most recently shown last: the first in the map goes first.
      entries.delete(path);
      entries.set(path, entry);
      return entry.shown;
    },
    set(path, source, note, section, shown) {
      forget(path);
      if (shown.text.length > bound) return;
      for (const [oldest] of entries) {
        if (used + shown.text.length <= bound) break;
        forget(oldest);
      }
      entries.set(path, { source, note, section, shown });
      used += shown.text.length;
    },
    forget,
    clear() {
      entries.clear();
      used = 0;
    },
  };
}
