import { z } from 'zod';
import type { TextStyle } from '../../text/text-style.js';
import type { Vault } from '../../vault/vault.js';
import { VaultError } from '../../vault/vault-error.js';
import type { ChangeSummary, VaultHistory } from '../../vault/vault-history.js';
import { escapeName } from '../../vault/vault-path.js';

/** A change id as the tools take it: a commit id, whole or its first 7 or more hex characters. */
export const changeId = z.string().regex(/^[0-9a-fA-F]{7,64}$/, 'a change id is 7 to 64 hex characters, as History shows it (for example 3f2a9c1b0d4e)');

/** How many characters of a change id the answers show. */
export const shownIdLength = 12;

/** A change as the structured content gives it. */
export const changeSummarySchema = z.object({
  id: z.string(),
  time: z.string(),
  author: z.string(),
  tool: z.string().optional(),
  subject: z.string(),
  files: z.array(z.string()),
  filesTotal: z.number(),
  filesNotShown: z.number().optional(),
});

/** The vault's history, or INVALID_ARGUMENT when it has none (the tools using it are offered only with history on). */
export function historyOf(vault: Vault): VaultHistory {
  const history = vault.fs.history;
  if (!history) throw new VaultError('INVALID_ARGUMENT', 'This vault has no history. Start the server or the CLI with --git to record and read changes.');
  return history;
}

/** Most characters of a change's subject an answer shows. */
export const maxShownSubject = 200;

/** A change as answers show it: a subject over `maxShownSubject` characters cut there, marked (one long subject never crowds out the changes after it). */
export function shownChange(change: ChangeSummary): ChangeSummary {
  if (change.subject.length <= maxShownSubject) return change;
  // Never half a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(change.subject[maxShownSubject - 1]!) ? maxShownSubject - 1 : maxShownSubject;
  return { ...change, subject: `${change.subject.slice(0, end)}… [${change.subject.length} characters, cut]` };
}

/** One change on one line: short id, time, author, summary. */
export function changeLine(change: ChangeSummary, style: TextStyle): string {
  return `${style.lineNumber(change.id.slice(0, shownIdLength))} ${change.time} ${escapeName(change.author)} | ${escapeName(change.subject)}`;
}

/** The files of a change on one line, the first few named; those the vault does not show only counted. */
export function changeFilesLine(change: ChangeSummary, style: TextStyle): string {
  const more = change.filesTotal > change.files.length ? ` (+${change.filesTotal - change.files.length} more)` : '';
  const notShown = change.filesNotShown ? ` ${style.note(`[+${change.filesNotShown} not visible in the vault (hidden, or other extensions), left out]`)}` : '';
  return `  files: ${change.files.map((file) => style.path(file)).join(', ')}${more}${notShown}`;
}

/** Whether the vault's tools show a file a change touched: not hidden (unless allowed), an allowed extension. */
export function showsChangedFile(vault: Vault): (path: string) => boolean {
  return (path) => vault.isListed(path, 'file');
}

/** Whether a change touched files and none the vault shows: no change of the vault's History. */
export function touchedNothingShown(change: ChangeSummary): boolean {
  return change.filesTotal === 0 && (change.filesNotShown ?? 0) > 0;
}
