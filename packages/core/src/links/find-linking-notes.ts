import type { Vault } from '../vault.js';
import { isVaultError } from '../vault-error.js';

/** A note loaded for link rewriting: its text (BOM left out), whether it had a BOM, and the bytes read (the stale check of the write). */
export interface LoadedNote {
  path: string;
  text: string;
  bom: boolean;
  bytes: Uint8Array;
}

/** A note that could not be loaded, and why (a VaultError's code and message). */
export interface UnreadNote {
  path: string;
  reason: string;
}

/** Notes read at once. */
const batchSize = 16;
/** Past this many names, a note is a candidate when it holds any link syntax at all. */
const maxNamesChecked = 64;

/**
 * Which of `notes` may link to a file named one of `names` (lower-case basenames; `.md` left out
 * of a note's): those whose text holds a name, as written or with `%20` for its spaces. Reads every
 * note, a batch at a time, under `checkDeadline`. This is the one lookup a link index can replace.
 */
export async function findLinkingNotes(
  vault: Vault,
  notes: readonly string[],
  names: readonly string[],
  checkDeadline: () => void,
): Promise<{ found: LoadedNote[]; unread: UnreadNote[] }> {
  const needles = names.length > maxNamesChecked ? ['[[', '](', ']:'] : [...new Set(names.flatMap((name) => [name, name.replaceAll(' ', '%20')]))];
  const found: LoadedNote[] = [];
  const unread: UnreadNote[] = [];
  for (let start = 0; start < notes.length; start += batchSize) {
    checkDeadline();
    await Promise.all(
      notes.slice(start, start + batchSize).map(async (path) => {
        const note = await loadNote(vault, path);
        if (!('reason' in note)) {
          if (mentionsAny(note.text, needles)) found.push(note);
        } else if (note.reason !== 'NOT_TEXT' || mentionsAny(new TextDecoder().decode(await vault.fs.readFile(path)), needles)) {
          // A note that is not UTF-8 is named only when it may link to what moved; it is never rewritten.
          unread.push(note);
        }
      }),
    );
  }
  return { found, unread };
}

/** A note's text and bytes, or why it cannot be read (not UTF-8, too large, gone). */
export async function loadNote(vault: Vault, path: string): Promise<LoadedNote | UnreadNote> {
  try {
    const { text, bom, bytes } = await vault.readText(path);
    return { path, text, bom, bytes };
  } catch (error) {
    if (!isVaultError(error)) throw error;
    return { path, reason: error.code };
  }
}

function mentionsAny(text: string, needles: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return needles.some((needle) => lower.includes(needle));
}
