import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { fileHash } from '../file-hash.js';
import { findNearMisses, hasLineNumberPrefixes, type NearMiss } from '../find-near-misses.js';
import { countOf, normalizeLineEndings } from '../line-endings.js';
import { plainStyle } from '../text-style.js';
import { VaultError } from '../vault-error.js';

/** Lines of context around the change in TextEdit's snippet, and the snippet's longest extent. */
const snippetContext = 2;
const maxSnippetLines = 30;

export interface TextEditOutput {
  path: string;
  /** How many occurrences were replaced (1 unless replaceAll). */
  replacements: number;
  /** First and last line of the changed region in the new file, 1-based. */
  startLine: number;
  endLine: number;
  /** The new fileHash, to pass as expectedHash to a following edit. */
  fileHash: string;
  /** The changed region with a little context, as numbered lines of the new file. */
  snippet: { number: number; text: string }[];
}

const inputSchema = z.object({
  filePath: z.string().describe('The file to edit: a vault-relative path such as notes/todo.md.'),
  oldString: z.string().describe('The exact text to replace, copied from the file without TextRead\'s "N: " prefixes. Must occur exactly once unless replaceAll is true; include surrounding lines to make it unique.'),
  newString: z.string().describe('The text to put in its place; empty to delete oldString. Must differ from oldString.'),
  replaceAll: z.boolean().optional().describe('Replace every occurrence of oldString instead of requiring exactly one. Default false.'),
  expectedHash: z.string().optional().describe('The fileHash from your last TextRead or TextEdit of this file; the edit is refused with STALE_FILE if the file changed since. Default: no check.'),
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
  effects: { readOnly: false, destructive: true, idempotent: false },

  async run({ filePath, oldString, newString, replaceAll = false, expectedHash }, vault): Promise<TextEditOutput> {
    const path = vault.resolveFile(filePath);
    if (oldString === '') {
      throw new VaultError('INVALID_ARGUMENT', 'oldString is empty. Pass the exact text to replace; to write a whole new file use TextCreate.');
    }
    const needle = oldString.replaceAll('\r\n', '\n');
    const replacement = newString.replaceAll('\r\n', '\n');
    if (needle === replacement) {
      throw new VaultError('INVALID_ARGUMENT', 'oldString and newString are the same, so the edit would change nothing. Pass the new text in newString.');
    }
    return vault.withLock([path], async () => {
      const file = await vault.readText(path);
      if (expectedHash !== undefined && (await fileHash(file.bytes, vault.fs)) !== expectedHash.toLowerCase()) {
        throw new VaultError(
          'STALE_FILE',
          `${path} has changed since you read it (its fileHash is no longer ${expectedHash}), so the edit was not applied. Read the file again with TextRead and redo the edit on its current content.`,
        );
      }
      const normalized = normalizeLineEndings(file.text);
      const positions = occurrences(normalized.text, needle, !replaceAll);
      if (positions.length === 0) throw noMatch(path, normalized.text, needle);
      if (positions.length > 1 && !replaceAll) {
        const lines = lineNumbersAt(normalized.text, positions);
        throw new VaultError(
          'AMBIGUOUS_MATCH',
          `oldString occurs ${positions.length} times in ${path}, at ${describeLines(lines)}. Include more surrounding lines in oldString so that it matches exactly once, or set replaceAll to true to replace every occurrence.`,
          { count: positions.length, lines },
        );
      }

      // Only the part where oldString and newString differ is replaced; everything else, including
      // line breaks the two share, is copied from the original, so its line endings stay as they were.
      const prefix = commonPrefixLength(needle, replacement);
      const suffix = commonSuffixLength(needle, replacement, prefix);
      const middle = replacement.slice(prefix, replacement.length - suffix);
      const inserted = normalized.newline === '\n' ? middle : middle.replaceAll('\n', normalized.newline);
      const pieces: string[] = [];
      let cursor = 0;
      let startOffset = 0;
      let endOffset = 0;
      let written = 0;
      for (const [index, position] of positions.entries()) {
        const start = position + prefix;
        const before = file.text.slice(normalized.toOriginal(cursor), normalized.toOriginal(start));
        pieces.push(before, inserted);
        written += before.length;
        if (index === 0) startOffset = written;
        written += inserted.length;
        endOffset = written;
        cursor = position + needle.length - suffix;
      }
      pieces.push(file.text.slice(normalized.toOriginal(cursor)));
      const text = pieces.join('');
      const bytes = await vault.writeText(path, { text, bom: file.bom }, { createParents: false, expected: file.bytes });

      // A deletion at the very end of a file that ends in a line break is reported on its last line.
      const anchor = startOffset === text.length && text.endsWith('\n') ? startOffset - 1 : startOffset;
      const startLine = 1 + countOf(text, '\n', 0, anchor);
      const endLine = endOffset > startOffset ? startLine + countOf(text, '\n', startOffset, endOffset - 1) : startLine;
      return {
        path,
        replacements: positions.length,
        startLine,
        endLine,
        fileHash: await fileHash(bytes, vault.fs),
        snippet: snippetOf(text, anchor, startLine, endLine),
      };
    });
  },

  render(output, style = plainStyle) {
    const count = output.replacements === 1 ? '1 replacement' : `${output.replacements} replacements`;
    const range = output.startLine === output.endLine ? `line ${output.startLine}` : `lines ${output.startLine}-${output.endLine}`;
    return [
      `Edited ${style.path(output.path)}: ${count}, ${range} changed. fileHash: ${output.fileHash}`,
      ...output.snippet.map((line) => `${style.lineNumber(String(line.number))}: ${line.text}`),
    ].join('\n');
  },
});

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

/** Start offsets of `needle` in `text`: every occurrence (overlapping ones too), or only non-overlapping ones. */
function occurrences(text: string, needle: string, overlapping: boolean): number[] {
  const found: number[] = [];
  const step = overlapping ? 1 : needle.length;
  for (let index = text.indexOf(needle); index !== -1; index = text.indexOf(needle, index + step)) found.push(index);
  return found;
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

function noMatch(path: string, text: string, needle: string): VaultError {
  const candidates: NearMiss[] = findNearMisses(text, needle);
  const hints: string[] = [];
  if (hasLineNumberPrefixes(needle)) hints.push('oldString seems to include TextRead\'s "N: " line-number prefixes; leave them out.');
  if (candidates.length > 0) {
    const list = candidates.map((candidate) => `line ${candidate.line} (differs in ${candidate.differences.join(' and ')}): ${JSON.stringify(candidate.text)}`);
    hints.push(`Closest candidates, not applied: ${list.join('; ')}.`);
  }
  return new VaultError(
    'NO_MATCH',
    `oldString was not found in ${path}. ${hints.join(' ')} Copy the exact current text from TextRead (read the file again if it may have changed) and retry.`.replace(/\s+$/, ''),
    { candidates },
  );
}

/** The changed lines of the new text with a little context, at most `maxSnippetLines` lines. */
function snippetOf(text: string, startOffset: number, startLine: number, endLine: number): { number: number; text: string }[] {
  let from = startOffset === 0 ? 0 : text.lastIndexOf('\n', startOffset - 1) + 1;
  let firstLine = startLine;
  while (firstLine > 1 && firstLine > startLine - snippetContext) {
    from = from >= 2 ? text.lastIndexOf('\n', from - 2) + 1 : 0;
    firstLine -= 1;
  }
  const lastLine = Math.min(endLine + snippetContext, firstLine + maxSnippetLines - 1);
  const snippet: { number: number; text: string }[] = [];
  let lineStart = from;
  for (let number = firstLine; number <= lastLine && lineStart <= text.length; number += 1) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    if (newline === -1 && lineStart === text.length && number > firstLine) break;
    snippet.push({ number, text: text.slice(lineStart, lineEnd).replace(/\r$/, '') });
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return snippet;
}
