import type { Vault } from '../../vault/vault.js';
import { VaultError } from '../../vault/vault-error.js';
import { escapeName } from '../../vault/vault-path.js';
import { countOf } from '../../text/line-endings.js';
import type { Section } from '../find-section.js';
import { findNearMisses, hasLineNumberPrefixes } from './find-near-misses.js';
import { findOccurrences } from './find-occurrences.js';

/**
 * NO_MATCH, with what to try next: the closest candidates (found within the vault's search time
 * budget), a hint when `oldString` holds TextRead's line-number prefixes, and the advice to copy the
 * current text.
 */
export async function noMatch(vault: Vault, path: string, text: string, needle: string, signal: AbortSignal): Promise<VaultError> {
  const deadline = Date.now() + vault.options.searchTimeout;
  const { candidates, stopped } = await findNearMisses(text, needle, () => {
    signal.throwIfAborted();
    return Date.now() <= deadline;
  });
  const hints: string[] = [];
  if (hasLineNumberPrefixes(needle)) hints.push('`oldString` seems to include TextRead\'s "N: " line-number prefixes; leave them out.');
  if (candidates.length > 0) {
    const list = candidates.map(
      (candidate) =>
        `line ${candidate.line} (differs in ${candidate.differences.join(' and ')}): ${escapeName(candidate.text)}${candidate.exact === undefined ? '' : `, the file's text there: ${JSON.stringify(candidate.exact)}`}`,
    );
    hints.push(`Closest candidates, not applied: ${list.join('; ')}.`);
  }
  if (stopped) hints.push('The search for near misses stopped at its time budget, so there may be others.');
  return new VaultError(
    'NO_MATCH',
    [
      `\`oldString\` was not found in ${path}.`,
      ...hints,
      'Copy the exact current text from TextRead (read the file again if it may have changed) and retry.',
    ].join(' '),
    { candidates },
  );
}

/** NO_MATCH for an edit scoped to a section: where `oldString` occurs in the rest of the file, when it does. */
export async function notInSection(text: string, needle: string, section: Section, path: string, signal: AbortSignal): Promise<VaultError> {
  const elsewhere = await findOccurrences(text, needle, true, signal);
  let line = 1;
  let counted = 0;
  const lines = elsewhere.first.map((offset) => {
    line += countOf(text, '\n', counted, offset);
    counted = offset;
    return line;
  });
  const where = section.heading;
  return new VaultError(
    'NO_MATCH',
    elsewhere.count === 0
      ? `\`oldString\` was not found in ${path}, in its section ${where} or anywhere else. Copy the exact current text from TextRead (with the same \`heading\`) and retry.`
      : `\`oldString\` is not in the section ${where} of ${path} (lines ${section.startLine}-${section.endLine}), but occurs ${elsewhere.count === 1 ? 'once' : `${elsewhere.count} times`} outside it, at line ${lines.join(', ')}${elsewhere.count > lines.length ? ', ...' : ''}. Name the section that holds it as \`heading\`, or leave \`heading\` out.`,
    { lines },
  );
}
