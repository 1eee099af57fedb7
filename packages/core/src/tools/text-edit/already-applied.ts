import { createFileHasher } from '../../text/file-hash.js';
import type { NormalizedText } from '../../text/line-endings.js';
import { encodeChunks } from '../../text/text-codec.js';
import type { Vault } from '../../vault/vault.js';
import { changeOf } from './change-of.js';
import { findOccurrences } from './find-occurrences.js';
import { takingTurns } from './next-turn.js';
import { shownChange } from './shown-change.js';
import { splicing } from './splicing.js';

/**
 * Where a TextEdit may already be applied, for a call retried after its answer was lost (decision 0019):
 * `oldString` is nowhere in the text (or its section) and `newString`, not empty, is there exactly
 * once. Gives where that occurrence starts (in the normalized text) with its lines and snippet, or
 * `undefined` when that is not so; only `revertsTo` tells whether it is this call's change.
 */
export async function alreadyApplied(
  text: string,
  replacement: string,
  signal: AbortSignal,
  within?: { from: number; to: number },
): Promise<(ReturnType<typeof shownChange> & { start: number }) | undefined> {
  if (replacement === '') return undefined;
  const found = await findOccurrences(text, replacement, true, signal, within);
  if (found.count !== 1) return undefined;
  const start = found.first[0]!;
  return { ...shownChange({ chunks: [text], startOffset: start, endOffset: start + replacement.length }), start };
}

/**
 * Whether the file, with `oldString` put back in place of the `newString` found at `start`, has
 * `readHash`, the bytes the call was sent for (the `expectedHash` the agent read): then the file is
 * exactly those bytes with this change made. A file changed otherwise meanwhile (where `newString`
 * just happens to be) is not.
 */
export async function revertsTo(
  vault: Vault,
  file: { text: string; bom: boolean },
  normalized: NormalizedText,
  { needle, replacement, start }: { needle: string; replacement: string; start: number },
  readHash: string,
  signal: AbortSignal,
): Promise<boolean> {
  const reverted = await takingTurns(
    splicing(file.text, normalized, replacement, changeOf(replacement, needle, normalized.newline), { first: start, all: false }),
    signal,
  );
  const hasher = createFileHasher(vault.fs);
  for (const piece of encodeChunks(reverted.chunks, file.bom)) hasher.update(piece);
  return hasher.digest() === readHash.toLowerCase();
}
