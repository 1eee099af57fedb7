import pMap from 'p-map';
import type { Vault } from '../vault/vault.js';
import { isVaultError } from '../vault/vault-error.js';
import { loadNote, notesAtOnce } from './find-linking-notes.js';
import type { LinkChange, LinkIssue } from './plan-note-links.js';
import { planNoteLinks } from './plan-note-links.js';
import type { MoveLinksPlan, NoteRewrite } from './plan-move-links.js';

/** What the writes did: the links rewritten, and the notes left as they were, with why. */
export interface WrittenLinks {
  changes: LinkChange[];
  notesChanged: number;
  failed: LinkIssue[];
}

/**
 * Writes each note of the plan (at its path after the move) under its own lock, atomically, its
 * BOM and untouched bytes kept, only if it still holds the bytes the plan was made from. A note
 * changed meanwhile is read again and planned again once; changed again, or failing otherwise, it
 * is left as it is and reported.
 */
export async function writeLinkRewrites(vault: Vault, { context, rewrites }: MoveLinksPlan): Promise<WrittenLinks> {
  // A few notes at once (each write waits for its fsync), each under its own lock: no call waits for one holding what it holds.
  const outcomes = await pMap(rewrites, (rewrite) => vault.withLock([rewrite.writePath], () => writeOne(vault, rewrite, context)), {
    concurrency: notesAtOnce,
  });
  const written: WrittenLinks = { changes: [], notesChanged: 0, failed: [] };
  outcomes.forEach((outcome, index) => {
    if ('reason' in outcome) written.failed.push({ file: rewrites[index]!.writePath, line: 0, link: '', reason: outcome.reason });
    else if (outcome.length > 0) {
      for (const change of outcome) written.changes.push(change);
      written.notesChanged += 1;
    }
  });
  return written;
}

async function writeOne(vault: Vault, { note, writePath, plan }: NoteRewrite, context: MoveLinksPlan['context']): Promise<LinkChange[] | { reason: string }> {
  try {
    await vault.writeText(writePath, { chunks: [plan.text], bom: note.bom }, { createParents: false, expected: note.bytes });
    return plan.changes;
  } catch (error) {
    if (!isVaultError(error) || error.code !== 'STALE_FILE') return notWritten(error);
  }
  const fresh = await loadNote(vault, writePath);
  if ('reason' in fresh) return { reason: `changed during the move, then not readable (${fresh.reason}); its links were not rewritten` };
  const again = planNoteLinks(note.path, fresh.text, context);
  if (again.changes.length === 0) return [];
  try {
    await vault.writeText(writePath, { chunks: [again.text], bom: fresh.bom }, { createParents: false, expected: fresh.bytes });
    return again.changes;
  } catch (error) {
    return isVaultError(error) && error.code === 'STALE_FILE'
      ? { reason: 'changed twice by another program during the move; its links were not rewritten' }
      : notWritten(error);
  }
}

function notWritten(error: unknown): { reason: string } {
  if (!isVaultError(error)) throw error;
  return { reason: `not written (${error.code}): ${error.message}` };
}
