import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { fileHash } from '../../text/file-hash.js';
import { characterBoundary } from '../../text/character-boundary.js';
import { findAll } from '../../text/find-all.js';
import { findNearMisses, hasLineNumberPrefixes } from './find-near-misses.js';
import { countOf, type NormalizedText, normalizeLineEndings } from '../../text/line-endings.js';
import { lineCut, renderWindowLine, type WindowLine, windowLine } from '../../text/line-window.js';
import { checkTextToWrite, checkWholeCharacters } from '../../text/text-codec.js';
import { plainStyle } from '../../text/text-style.js';
import type { Vault } from '../../vault/vault.js';
import { VaultError } from '../../vault/vault-error.js';
import { escapeName } from '../../vault/vault-path.js';
import { nextTurn } from './next-turn.js';
import { maxLineLength } from '../text-read.js';

/** Lines of context around the change in TextEdit's snippet, and the snippet's longest extent. */
const snippetContext = 2;
const maxSnippetLines = 30;
/** How much of a long line the snippet shows before the change, when it starts past a cut line's window. */
const snippetLead = 100;
/** Occurrences an AMBIGUOUS_MATCH error names, and the width of the text shown around each. */
const maxShownMatches = 20;
const matchWindow = 160;
/** Occurrences replaced between two turns of the event loop. */
const occurrencesPerTurn = 1 << 20;
/** V8's longest string, in UTF-16 code units: a result longer than this cannot be built. */
const maxStringLength = 2 ** 29 - 24;

export interface TextEditOutput {
  path: string;
  /** How many occurrences were replaced (1 unless replaceAll). */
  replacements: number;
  /** First and last line of the changed region in the new file, 1-based. */
  startLine: number;
  endLine: number;
  /** The new fileHash, to pass as expectedHash to a following edit. */
  fileHash: string;
  /** The changed region with a little context, as numbered lines of the new file, long lines cut like TextRead's. */
  snippet: WindowLine[];
}

const outputSchema = z.object({
  path: z.string(),
  replacements: z.number(),
  startLine: z.number(),
  endLine: z.number(),
  fileHash: z.string(),
  /** The snippet's lines as the text shows them: `N: text`. */
  snippet: z.array(z.string()),
});

const inputSchema = z.strictObject({
  filePath: z.string().describe('The file to edit: a vault-relative path such as notes/todo.md.'),
  oldString: z
    .string()
    .describe(
      'The exact text to replace, copied from the file without TextRead\'s "N: " prefixes. Must occur exactly once unless replaceAll is true; include surrounding lines to make it unique.',
    ),
  newString: z.string().describe('The text to put in its place; empty to delete oldString. Must differ from oldString.'),
  replaceAll: z.boolean().default(false).describe('Replace every occurrence of oldString instead of requiring exactly one. Default false.'),
  expectedHash: z
    .string()
    .regex(/^[0-9a-fA-F]{16}$/, 'expectedHash must be a fileHash: the 16 hex characters TextRead and TextEdit return')
    .optional()
    .describe(
      'The fileHash from your last TextRead or TextEdit of this file; the edit is refused with STALE_FILE if the file changed since. Default: no check.',
    ),
});

export const textEdit = defineTool({
  name: 'TextEdit',
  title: 'Edit a text file by exact string replacement',
  description: [
    'Replaces an exact string in a text file of the vault and returns the changed lines, numbered, with the new fileHash.',
    'oldString must occur exactly once (overlapping occurrences count); if it occurs more often the error lists every line it occurs on, so add surrounding lines to oldString, or set replaceAll to true to replace them all. If it is not found, the error shows the closest candidates (differing in case, whitespace, quotes or dashes) with their line numbers; nothing is changed.',
    'To insert lines, include the neighbouring text in oldString and add the new lines in newString; to delete, leave them out of newString. Line endings (LF or CRLF) and a BOM are kept; "\\n" in oldString also matches a CRLF file.',
    'Use TextEdit for changes to an existing file; use TextCreate only to replace a whole file. Pass expectedHash (the fileHash from TextRead) to be sure the file has not changed since you read it.',
    'Example: {"filePath": "notes/todo.md", "oldString": "- [ ] ship it", "newString": "- [x] ship it"}.',
  ].join('\n'),
  inputSchema,
  outputSchema,
  effects: { readOnly: false, destructive: true, idempotent: false },

  async run({ filePath, oldString, newString, replaceAll, expectedHash }, vault, { signal }): Promise<TextEditOutput> {
    const path = vault.resolveFile(filePath);
    const { needle, replacement } = checkStrings(oldString, newString);
    return vault.withLock([path], async () => {
      const file = await vault.readText(path);
      await checkHash(vault, path, file.bytes, expectedHash);
      const normalized = normalizeLineEndings(file.text);
      const found = await findOccurrences(normalized.text, needle, !replaceAll, signal);
      if (found.count === 0) throw await noMatch(vault, path, normalized.text, needle, signal);
      if (found.count > 1 && !replaceAll) throw ambiguous(path, normalized.text, found);
      const change = changeOf(needle, replacement, normalized.newline);
      checkResultSize(vault, path, file, change, found.count);
      const spliced = await takingTurns(splicing(file.text, normalized, needle, change, { first: found.first[0]!, all: replaceAll }), signal);
      // The new text is written and shown from its pieces, never whole: with the file's bytes and text,
      // that would be a third and a fourth copy of a large file in memory.
      const fileHash = await vault.writeText(path, { chunks: spliced.chunks, bom: file.bom }, { createParents: false, expected: file.bytes });
      const { startLine, endLine, snippet } = shownChange(spliced);
      return { path, replacements: found.count, startLine, endLine, fileHash, snippet };
    });
  },

  render(output, style = plainStyle) {
    const count = output.replacements === 1 ? '1 replacement' : `${output.replacements} replacements`;
    const range = output.startLine === output.endLine ? `line ${output.startLine}` : `lines ${output.startLine}-${output.endLine}`;
    return [
      `Edited ${style.path(output.path)}: ${count}, ${range} changed. fileHash: ${output.fileHash}`,
      ...output.snippet.map((line) => renderWindowLine(line, style)),
    ].join('\n');
  },

  structure: ({ snippet, ...facts }) => ({ ...facts, snippet: snippet.map((line) => renderWindowLine(line, plainStyle)) }),
});

/** The strings checked, before the file is read, and taken with LF line breaks (a "\n" in oldString matches a CRLF too). */
function checkStrings(oldString: string, newString: string): { needle: string; replacement: string } {
  if (oldString === '') {
    throw new VaultError('INVALID_ARGUMENT', '`oldString` is empty. Pass the exact text to replace; to write a whole new file use TextCreate.');
  }
  checkWholeCharacters(oldString, 'oldString');
  checkTextToWrite(newString, 'newString');
  const needle = withLineFeeds(oldString);
  const replacement = withLineFeeds(newString);
  if (needle === replacement) {
    throw new VaultError('INVALID_ARGUMENT', '`oldString` and `newString` are the same, so the edit would change nothing. Pass the new text in `newString`.');
  }
  return { needle, replacement };
}

/** A string an agent passed, its CRLFs taken as line breaks like the file's (compared with the file's text with LF line breaks). */
function withLineFeeds(text: string): string {
  return text.replaceAll('\r\n', '\n');
}

/** Refuses with STALE_FILE when the file's bytes no longer have the `expectedHash` the agent read. */
async function checkHash(vault: Vault, path: string, bytes: Uint8Array, expectedHash: string | undefined) {
  if (expectedHash === undefined || (await fileHash(bytes, vault.fs)) === expectedHash.toLowerCase()) return;
  throw new VaultError(
    'STALE_FILE',
    `${path} has changed since you read it (its fileHash is no longer ${expectedHash}), so the edit was not applied. Read the file again with TextRead and redo the edit on its current content.`,
  );
}

/** What one replacement does: the part of oldString that differs from newString, and what takes its place (in the file's newline style). */
export interface Change {
  prefix: number;
  suffix: number;
  removed: string;
  inserted: string;
}

/**
 * Only the part where oldString and newString differ is replaced; everything else, including line
 * breaks the two share, is copied from the original, so its line endings stay as they were. The part
 * is of whole characters: two emoji that share their first half are replaced whole, and the change
 * (where the snippet is shown from) starts on a character.
 */
export function changeOf(needle: string, replacement: string, newline: string): Change {
  const prefix = characterBoundary(needle, commonPrefixLength(needle, replacement));
  const common = commonSuffixLength(needle, replacement, prefix);
  const suffix = needle.length - characterBoundary(needle, needle.length - common, 'after');
  const middle = replacement.slice(prefix, replacement.length - suffix);
  return { prefix, suffix, removed: needle.slice(prefix, needle.length - suffix), inserted: newline === '\n' ? middle : middle.replaceAll('\n', newline) };
}

function commonPrefixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length += 1;
  return length;
}

/** The common suffix of `a` and `b`, not reaching into their first `prefix` characters. */
function commonSuffixLength(a: string, b: string, prefix: number): number {
  let length = 0;
  const limit = Math.min(a.length, b.length) - prefix;
  while (length < limit && a[a.length - 1 - length] === b[b.length - 1 - length]) length += 1;
  return length;
}

/**
 * How often `needle` occurs in `text` (overlapping occurrences too, or only non-overlapping ones), and
 * where the first few start. Every million occurrences other calls get a turn, and a cancelled call stops.
 */
async function findOccurrences(text: string, needle: string, overlapping: boolean, signal: AbortSignal): Promise<{ count: number; first: number[] }> {
  const first: number[] = [];
  let count = 0;
  for (const index of findAll(text, needle, { overlapping })) {
    count += 1;
    if (first.length < maxShownMatches) first.push(index);
    if (count % occurrencesPerTurn === 0) await nextTurn(signal);
  }
  return { count, first };
}

/**
 * Refuses, before anything is built, an edit whose result would be over the vault's file size limit
 * (or longer than a JavaScript string can be): a replaceAll that grows a file could otherwise take the
 * process down. The estimate is an upper bound (a CRLF in the replaced text only shrinks it).
 */
function checkResultSize(vault: Vault, path: string, file: { bytes: Uint8Array; text: string }, change: Change, count: number) {
  const encoder = new TextEncoder();
  const bytes = file.bytes.length + count * (encoder.encode(change.inserted).length - encoder.encode(change.removed).length);
  const characters = file.text.length + count * (change.inserted.length - change.removed.length);
  const edit = `The edit (${count} ${count === 1 ? 'replacement' : 'replacements'})`;
  if (bytes > vault.options.maxFileSize) {
    throw new VaultError(
      'FILE_TOO_LARGE',
      `${edit} would make ${path} about ${bytes} bytes, over this vault's limit of ${vault.options.maxFileSize} bytes, so nothing was changed. Replace fewer occurrences or with shorter text, or raise the limit.`,
    );
  }
  if (characters > maxStringLength) {
    throw new VaultError(
      'FILE_TOO_LARGE',
      `${edit} would make ${path} about ${characters} characters, more than a JavaScript string can hold (${maxStringLength}), so nothing was changed. Replace fewer occurrences or with shorter text.`,
    );
  }
}

/** An edit's new text, and where the changed region starts and ends in it (UTF-16 offsets, `endOffset` exclusive). */
export interface Splice {
  text: string;
  startOffset: number;
  endOffset: number;
}

/** An edit's new text as the strings that make it up in a row (slices of the original, and what was inserted), and where the change is in it. */
export interface SplicedText {
  chunks: string[];
  startOffset: number;
  endOffset: number;
}

/**
 * The new text of `original` with `change` applied at the occurrence of `needle` at `first` (an
 * offset in `normalized.text`), and with `all` at every later non-overlapping occurrence. Between
 * occurrences the original is copied as it is, line endings and all. Yields after every
 * `occurrencesPerTurn` occurrences (millions take seconds) so that a caller can give other calls a
 * turn; returns the new text in pieces. Pure: `spliceText` runs it through.
 */
export function* splicing(
  original: string,
  normalized: NormalizedText,
  needle: string,
  change: Change,
  { first, all }: { first: number; all: boolean },
): Generator<void, SplicedText, void> {
  // Pieces are joined into strings of at most about a megabyte (or 65,536 pieces): one string or
  // array of pieces per occurrence could outgrow what V8 can hold for millions of them, and
  // concatenating piece by piece makes a garbage string per occurrence.
  const chunks: string[] = [];
  let pieces: string[] = [];
  let piecesLength = 0;
  let cursor = 0;
  let startOffset = -1;
  let written = 0;
  let replaced = 0;
  const positions = all ? findAll(normalized.text, needle, { overlapping: false, from: first }) : [first];
  const flush = () => {
    chunks.push(pieces.join(''));
    pieces = [];
    piecesLength = 0;
  };
  for (const position of positions) {
    const before = original.slice(normalized.toOriginal(cursor), normalized.toOriginal(position + change.prefix));
    // A long stretch of the original is kept as it is: a slice of it, never copied.
    const long = before.length >= 1 << 20;
    if (long) {
      flush();
      chunks.push(before);
    } else if (before !== '') pieces.push(before);
    if (change.inserted !== '') pieces.push(change.inserted);
    piecesLength += (long ? 0 : before.length) + change.inserted.length;
    if (piecesLength >= 1 << 20 || pieces.length >= 1 << 16) flush();
    if (startOffset === -1) startOffset = written + before.length;
    written += before.length + change.inserted.length;
    cursor = position + needle.length - change.suffix;
    if (++replaced % occurrencesPerTurn === 0) yield;
  }
  chunks.push(pieces.join(''), original.slice(normalized.toOriginal(cursor)));
  return { chunks, startOffset, endOffset: written };
}

/**
 * `original` with `oldString` replaced by `newString` as TextEdit replaces it (the first occurrence,
 * or with `all` every non-overlapping one; a CRLF in either string stands for a line break), or
 * `undefined` when `oldString` does not occur.
 */
export function spliceText(original: string, oldString: string, newString: string, { all = false } = {}): Splice | undefined {
  const normalized = normalizeLineEndings(original);
  const needle = withLineFeeds(oldString);
  const first = normalized.text.indexOf(needle);
  if (first === -1) return undefined;
  const steps = splicing(original, normalized, needle, changeOf(needle, withLineFeeds(newString), normalized.newline), { first, all });
  for (;;) {
    const step = steps.next();
    if (step.done) return { text: step.value.chunks.join(''), startOffset: step.value.startOffset, endOffset: step.value.endOffset };
  }
}

/**
 * The changed lines of a new text given in pieces, and its snippet: what `changedLines` and
 * `snippetOf` give on the whole text, from only the part the snippet shows (the lines from two
 * before the change to the snippet's longest extent), joined.
 */
export function shownChange({ chunks, startOffset, endOffset }: SplicedText): ChangedLines & { snippet: WindowLine[] } {
  const text = createPieces(chunks);
  const anchor = startOffset === text.length && text.charAt(text.length - 1) === '\n' ? startOffset - 1 : startOffset;
  let from = anchor === 0 ? 0 : text.lastIndexOf('\n', anchor - 1) + 1;
  for (let back = 0; back < snippetContext && from > 0; back += 1) from = from >= 2 ? text.lastIndexOf('\n', from - 2) + 1 : 0;
  const before = text.count('\n', 0, from);
  const startLine = 1 + before + text.count('\n', from, anchor);
  const endLine = endOffset > startOffset ? startLine + text.count('\n', startOffset, endOffset - 1) : startLine;
  let to = from;
  for (let line = 0; line < maxSnippetLines && to < text.length; line += 1) {
    const newline = text.indexOf('\n', to);
    to = newline === -1 ? text.length : newline + 1;
  }
  const shown = text.slice(from, to);
  const snippet = snippetOf(shown, { anchor: anchor - from, startLine: startLine - before, endLine: endLine - before });
  return { anchor, startLine, endLine, snippet: snippet.map((line) => ({ ...line, number: line.number + before })) };
}

/** Strings in a row, searched and cut as the one string they make, without joining them. */
function createPieces(chunks: readonly string[]) {
  const starts: number[] = [];
  let length = 0;
  for (const chunk of chunks) {
    starts.push(length);
    length += chunk.length;
  }
  /** The index of the piece holding `offset` (the last piece for the end). */
  const pieceAt = (offset: number) => {
    let low = 0;
    let high = chunks.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  return {
    length,
    charAt: (offset: number) => chunks[pieceAt(offset)]!.charAt(offset - starts[pieceAt(offset)]!),
    indexOf(needle: string, from: number): number {
      for (let piece = pieceAt(from); piece < chunks.length; piece += 1) {
        const found = chunks[piece]!.indexOf(needle, Math.max(0, from - starts[piece]!));
        if (found !== -1) return starts[piece]! + found;
      }
      return -1;
    },
    lastIndexOf(needle: string, from: number): number {
      for (let piece = pieceAt(from); piece >= 0; piece -= 1) {
        const found = chunks[piece]!.lastIndexOf(needle, from - starts[piece]!);
        if (found !== -1) return starts[piece]! + found;
      }
      return -1;
    },
    count(needle: string, from: number, to: number): number {
      let total = 0;
      for (let piece = pieceAt(from); piece < chunks.length && starts[piece]! < to; piece += 1) {
        total += countOf(chunks[piece]!, needle, Math.max(0, from - starts[piece]!), to - starts[piece]!);
      }
      return total;
    },
    slice: (from: number, to: number) =>
      chunks.map((chunk, piece) => chunk.slice(Math.max(0, from - starts[piece]!), Math.max(0, to - starts[piece]!))).join(''),
  };
}

/** Runs a generator that yields to give other calls a turn, giving them one each time; a cancelled call stops. */
async function takingTurns<T>(steps: Generator<void, T, void>, signal: AbortSignal): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTurn(signal);
  }
}

/** Where a change is, by lines of the new text: its first and last line (1-based), and `anchor`, the offset its snippet is shown around. */
export interface ChangedLines {
  anchor: number;
  startLine: number;
  endLine: number;
}

/** The lines of `text` that the change from `startOffset` to `endOffset` (exclusive) covers; a deletion at the very end of a file that ends in a line break is on its last line. */
export function changedLines(text: string, startOffset: number, endOffset: number): ChangedLines {
  const { anchor, startLine, endLine } = shownChange({ chunks: [text], startOffset, endOffset });
  return { anchor, startLine, endLine };
}

/** The 1-based line of each (sorted) offset. */
function lineNumbersAt(text: string, offsets: readonly number[]): number[] {
  let line = 1;
  let counted = 0;
  return offsets.map((offset) => {
    line += countOf(text, '\n', counted, offset);
    counted = offset;
    return line;
  });
}

/** `lines 3, 9 and 12`, with repeats counted: `line 1 (3 times)`. */
function describeLines(lines: readonly number[]): string {
  const counts = new Map<number, number>();
  for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
  const parts = [...counts].map(([line, count]) => (count === 1 ? `${line}` : `${line} (${count} times)`));
  return `${parts.length === 1 ? 'line' : 'lines'} ${parts.join(', ')}`;
}

/** AMBIGUOUS_MATCH, with the first matching lines and each line's text around the match, so the agent can add context without reading. */
function ambiguous(path: string, text: string, found: { count: number; first: number[] }): VaultError {
  const lines = lineNumbersAt(text, found.first);
  const more = found.count > found.first.length ? ` and ${found.count - found.first.length} more` : '';
  const shown = new Map<number, string>();
  found.first.forEach((position, index) => {
    if (!shown.has(lines[index]!)) shown.set(lines[index]!, textAround(text, position));
  });
  return new VaultError(
    'AMBIGUOUS_MATCH',
    [
      `\`oldString\` occurs ${found.count} times in ${path}, at ${describeLines(lines)}${more}. Include more surrounding text in \`oldString\` so that it matches exactly once, or set \`replaceAll: true\` to replace every occurrence.`,
      ...[...shown].map(([line, around]) => `line ${line}: ${around}`),
    ].join('\n'),
    { count: found.count, lines },
  );
}

/** The line holding `position`, cut to a window of `matchWindow` characters that starts a little before it, marked with … where cut. */
function textAround(text: string, position: number): string {
  const lineStart = position === 0 ? 0 : text.lastIndexOf('\n', position - 1) + 1;
  const newline = text.indexOf('\n', position);
  const lineEnd = newline === -1 ? text.length : newline;
  const from = characterBoundary(text, Math.max(lineStart, position - 40));
  const to = characterBoundary(text, Math.min(lineEnd, from + matchWindow));
  return `${from > lineStart ? '…' : ''}${text.slice(from, to)}${to < lineEnd ? '…' : ''}`;
}

async function noMatch(vault: Vault, path: string, text: string, needle: string, signal: AbortSignal): Promise<VaultError> {
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

/**
 * The changed lines of the new text with a little context, at most `maxSnippetLines` lines, each cut
 * like TextRead's; when the change starts past what a cut line shows, every line is shown from a
 * little before the change's column (as TextRead's column would).
 */
export function snippetOf(text: string, { anchor: startOffset, startLine, endLine }: ChangedLines): WindowLine[] {
  let from = startOffset === 0 ? 0 : text.lastIndexOf('\n', startOffset - 1) + 1;
  const changeColumn = startOffset - from;
  const column = changeColumn + snippetLead > maxLineLength ? changeColumn - snippetLead : 0;
  let firstLine = startLine;
  while (firstLine > 1 && firstLine > startLine - snippetContext) {
    from = from >= 2 ? text.lastIndexOf('\n', from - 2) + 1 : 0;
    firstLine -= 1;
  }
  const lastLine = Math.min(endLine + snippetContext, firstLine + maxSnippetLines - 1);
  const snippet: WindowLine[] = [];
  let lineStart = from;
  for (let number = firstLine; number <= lastLine && lineStart <= text.length; number += 1) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    if (newline === -1 && lineStart === text.length && number > firstLine) break;
    const length = lineEnd - lineStart - (text[lineEnd - 1] === '\r' && lineEnd > lineStart ? 1 : 0);
    // A line that ends before the column is shown whole.
    const shown = lineCut(text.slice(lineStart, lineStart + length), length > column ? column : 0, maxLineLength);
    snippet.push(windowLine(number, shown.text, length, shown.column));
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return snippet;
}
