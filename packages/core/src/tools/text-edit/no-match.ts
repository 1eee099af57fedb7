import type { Vault } from '../../vault/vault.js';
import { VaultError } from '../../vault/vault-error.js';
import { escapeName } from '../../vault/vault-path.js';
import { findNearMisses, hasLineNumberPrefixes } from './find-near-misses.js';

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
