import { z } from 'zod';
import { escapeName } from '../../vault/vault-path.js';
import { normalizeLineEndings } from '../../text/line-endings.js';
import { renderWindowLine, type WindowLine } from '../../text/line-window.js';
import { plainStyle } from '../../text/text-style.js';
import { defineTool } from '../define-tool.js';
import { fileHash as hashOf } from '../../text/file-hash.js';
import { alreadyApplied, revertsTo } from './already-applied.js';
import { ambiguousMatch } from './ambiguous-match.js';
import { changeOf } from './change-of.js';
import { checkHash } from './check-hash.js';
import { checkResultSize } from './check-result-size.js';
import { checkStrings } from './check-strings.js';
import { findSection } from '../find-section.js';
import { findOccurrences } from './find-occurrences.js';
import { hashBeforeLastChange } from './hash-before-last-change.js';
import { takingTurns } from './next-turn.js';
import { noMatch, notInSection } from './no-match.js';
import { shownChange } from './shown-change.js';
import { splicing } from './splicing.js';

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
  /** True when nothing was written because the change is already there (a retried call). */
  alreadyApplied?: boolean;
}

const outputSchema = z.object({
  path: z.string(),
  replacements: z.number(),
  startLine: z.number(),
  endLine: z.number(),
  fileHash: z.string(),
  /** The snippet's lines as the text shows them: `N: text`. */
  snippet: z.array(z.string()),
  alreadyApplied: z.boolean().optional(),
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
  heading: z.string().optional().describe('Edit only inside the section under this heading (as in TextRead). Default: the whole file.'),
});

export const textEdit = defineTool({
  name: 'TextEdit',
  title: 'Edit a text file by exact string replacement',
  description: [
    'Replaces an exact string in a text file of the vault and returns the changed lines, numbered, with the new fileHash.',
    'oldString must occur exactly once (overlapping occurrences count); if it occurs more often the error lists every line it occurs on, so add surrounding lines to oldString, or set replaceAll to true to replace them all. If it is not found, the error shows the closest candidates (differing in case, whitespace, quotes or dashes) with their line numbers; nothing is changed.',
    'To insert lines, include the neighbouring text in oldString and add the new lines in newString; to delete, leave them out of newString. Line endings (LF or CRLF) and a BOM are kept; "\\n" in oldString also matches a CRLF file.',
    'Use TextEdit for changes to an existing file; use TextCreate only to replace a whole file. Pass expectedHash (the fileHash from TextRead) to be sure the file has not changed since you read it. With heading, the edit stays inside that section.',
    'Example: {"filePath": "notes/todo.md", "oldString": "- [ ] ship it", "newString": "- [x] ship it"}.',
  ].join('\n'),
  inputSchema,
  example: { filePath: 'notes/todo.md', oldString: '- [ ] ship it', newString: '- [x] ship it' },
  outputSchema,
  effects: { readOnly: false, destructive: true, idempotent: false },

  async run({ filePath, oldString, newString, replaceAll, expectedHash, heading }, vault, { signal }): Promise<TextEditOutput> {
    const path = vault.resolveFile(filePath);
    const { needle, replacement } = checkStrings(oldString, newString);
    return vault.withLock([path], async () => {
      const file = await vault.readText(path);
      const stale = await checkHash(vault, path, file.bytes, expectedHash).then(
        () => undefined,
        (error: unknown) => error,
      );
      const normalized = normalizeLineEndings(file.text);
      const section = heading === undefined ? undefined : findSection(normalized.text, heading, path);
      const within = section && { from: section.start, to: section.end };
      const found = await findOccurrences(normalized.text, needle, !replaceAll, signal, within);
      // A retried call whose change is already there is answered so, not refused (decision 0019): when
      // the bytes it was sent for (expectedHash; without it, with history, the file before its latest
      // change) became these by this very change. Else only the vault's memory of the calls it applied
      // knows a retry (`callTool`): newString being there proves nothing.
      const applied =
        found.count === 0 && (stale || expectedHash === undefined) ? await alreadyApplied(normalized.text, replacement, signal, within) : undefined;
      const read = applied && (expectedHash ?? (await hashBeforeLastChange(vault, path)));
      if (applied && read && (await revertsTo(vault, file, normalized, { needle, replacement, start: applied.start }, read, signal))) {
        const { startLine, endLine, snippet } = applied;
        return { path, replacements: 0, startLine, endLine, fileHash: await hashOf(file.bytes, vault.fs), snippet, alreadyApplied: true };
      }
      if (stale) throw stale;
      if (found.count === 0)
        throw section ? await notInSection(normalized.text, needle, section, path, signal) : await noMatch(vault, path, normalized.text, needle, signal);
      if (found.count > 1 && !replaceAll) throw ambiguousMatch(section ? `${path} (in its section ${section.heading})` : path, normalized.text, found);
      const change = changeOf(needle, replacement, normalized.newline);
      checkResultSize(vault, path, file, change, found.count);
      const spliced = await takingTurns(
        splicing(file.text, normalized, needle, change, { first: found.first[0]!, all: replaceAll, ...(section ? { to: section.end } : {}) }),
        signal,
      );
      // A call cancelled meanwhile writes nothing (its answer is never sent: a client that gave up may send it again).
      signal.throwIfAborted();
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
    const headline = output.alreadyApplied
      ? `Already applied: ${style.path(output.path)} holds this change at ${range}, so nothing was written. fileHash: ${output.fileHash}`
      : `Edited ${style.path(output.path)}: ${count}, ${range} changed. fileHash: ${output.fileHash}`;
    return [headline, ...output.snippet.map((line) => renderWindowLine(line, style))].join('\n');
  },

  structure: ({ snippet, ...facts }) => ({ ...facts, snippet: snippet.map((line) => renderWindowLine(line, plainStyle)) }),

  subject: (output) => `TextEdit: ${escapeName(output.path)}`,

  retried: {
    left: async ({ path, fileHash }) => [{ path, holds: { fileHash } }],
    answer: (output) => ({ ...output, replacements: 0, alreadyApplied: true }),
  },
});
