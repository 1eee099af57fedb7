import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { createFileHasher, fileHash } from '../text/file-hash.js';
import type { LineEnding } from '../text/line-endings.js';
import { createLineWindow, type LineWindow, lineCut, renderWindowLine, type WindowLine, windowLine } from '../text/line-window.js';
import { lineIndexCache } from '../text/line-index-cache.js';
import { resumeWindow, type StreamedWindow, streamWindow } from '../text/stream-window.js';
import { createTextDecoder, hasBom } from '../text/text-codec.js';
import { plainStyle } from '../text/text-style.js';
import type { Vault } from '../vault/vault.js';
import { VaultError } from '../vault/vault-error.js';
import { escapeName } from '../vault/vault-path.js';
import { createAnswerBudget, metadataRoom } from './answer-budget.js';
import { findSection, type Section } from './find-section.js';
import { largest } from './largest.js';
import { withinStructureBound } from './within-structure-bound.js';

/** Most lines one TextRead call returns. */
export const maxReadLines = 500;
/** Longest line TextRead shows whole; longer lines are cut with a marker. */
export const maxLineLength = 2000;
/** Files larger than this are streamed when the backend can, so memory stays bounded by the window. */
const streamThreshold = 1024 * 1024;

export interface TextReadOutput {
  path: string;
  lines: WindowLine[];
  totalLines: number;
  /**
   * 16 hex characters of the SHA-256 of the file's bytes; pass it to TextEdit as `expectedHash`.
   * Absent for a file over the vault's `maxFileSize`, which TextEdit cannot edit anyway.
   */
  fileHash?: string;
  lineEnding: LineEnding;
  bom: boolean;
  /** The offset to continue from, when lines follow the window (in the section, when one was asked for). */
  nextOffset?: number;
  /** The section asked for with `heading`: its heading path and its lines. */
  section?: { heading: string; startLine: number; endLine: number };
}

const outputSchema = z.object({
  path: z.string(),
  /** The lines as the text shows them: `N: text`, with the markers of a cut line. */
  lines: z.array(z.string()),
  totalLines: z.number(),
  fileHash: z.string().optional(),
  lineEnding: z.enum(['lf', 'crlf', 'mixed', 'none']),
  bom: z.boolean(),
  nextOffset: z.number().optional(),
  /** `## Settings > ### Plugins (lines 12-40)`. */
  section: z.string().optional(),
});

const inputSchema = z.strictObject({
  filePath: z.string().describe('The file to read: a vault-relative path such as notes/todo.md (an absolute path inside the vault also works).'),
  offset: z.number().int().min(1).default(1).describe('The first line to return, 1-based. Default 1.'),
  limit: z.number().int().min(1).default(maxReadLines).describe(`How many lines to return. Default and maximum ${maxReadLines}.`),
  column: z
    .number()
    .int()
    .min(1)
    .default(1)
    .describe(
      'The first character of each line to show, 1-based, to read on where a long line was cut. In UTF-16 units (an emoji is 2); inside one, from its start. Default 1.',
    ),
  heading: z
    .string()
    .optional()
    .describe('Only the section under this heading, subsections included: its text or a path ("Setup > Linux"). Default: the whole file.'),
});

/** TextRead's definition, before `defineTool`: TextRead with history (`at`) is built from it. */
export const textReadDefinition = {
  name: 'TextRead' as const,
  title: 'Read a text file',
  description: [
    'Reads a text file of the vault and returns its lines numbered as "N: text" (1-based), followed by a metadata line with totalLines, fileHash and, when not LF, the line-ending style.',
    `Returns at most ${maxReadLines} lines per call (fewer when they are long: an answer is bounded); when more follow, the metadata line gives the offset to continue from. Lines longer than ${maxLineLength} characters are cut, with a marker giving the offset, limit and column that read on; a single line (limit 1) is shown up to the answer's bound.`,
    'Use it to see a file before editing it (pass its fileHash to TextEdit to guard the edit), or to page through a long file with offset and limit. To find which files or lines mention something, use TextSearch instead of reading file after file.',
    'Paths are vault-relative (notes/todo.md). Example: {"filePath": "notes/todo.md", "offset": 501} reads lines 501-1000; add "heading": "Setup" to read one section.',
  ].join('\n'),
  inputSchema,
  example: { filePath: 'notes/todo.md' },
  outputSchema,
  effects: { readOnly: true, destructive: false, idempotent: true },

  async run({ filePath, offset: asked, limit: wanted, column, heading }: z.output<typeof inputSchema>, vault: Vault): Promise<TextReadOutput> {
    const path = vault.resolveFile(filePath, { trash: 'read' });
    const stat = await vault.statFile(path);
    if (heading !== undefined) {
      // The section and its lines from one read: a change between two reads could show other lines under its name.
      const { text, bytes } = await vault.readText(path);
      const section = findSection(text, heading, path);
      const { offset, limit } = sectionWindow(section, asked, wanted, path);
      return readOfBytes(vault, path, bytes, { offset, limit, column }, section);
    }
    const openWindow = windowOpener(vault, path, { offset: asked, limit: wanted, column });
    const { fs, options } = vault;
    const read =
      fs.readFileChunks && stat.size > Math.min(streamThreshold, options.maxFileSize)
        ? await streamed(vault, path, stat.size, asked, openWindow)
        : await wholeWindow(vault, path, stat.size, openWindow(1));
    return readOutput(path, asked, read, vault.options.maxOutput);
  },

  render(output: TextReadOutput, style = plainStyle) {
    const body = output.lines.map((line) => renderWindowLine(line, style));
    const facts = [`totalLines: ${output.totalLines}`, `fileHash: ${output.fileHash ?? 'none (the file is too large to edit)'}`];
    if (output.lineEnding === 'crlf' || output.lineEnding === 'mixed') facts.push(`lineEnding: ${output.lineEnding}`);
    if (output.bom) facts.push('bom: yes');
    if (output.section) facts.push(`section: ${sectionLine(output.section)}`);
    if (output.totalLines === 0) facts.push('the file is empty');
    else if (output.lines.length > 0) facts.push(`shown: ${output.lines[0]!.number}-${output.lines.at(-1)!.number}`);
    if (output.nextOffset !== undefined) facts.push(`more: call again with \`offset: ${output.nextOffset}\``);
    return [...body, style.note(`[${style.path(output.path)} | ${facts.join(' | ')}]`)].join('\n');
  },

  structure: ({ lines, section, ...facts }: TextReadOutput) => ({
    ...facts,
    lines: lines.map((line) => renderWindowLine(line, plainStyle)),
    ...(section ? { section: sectionLine(section) } : {}),
  }),
};

export const textRead = defineTool(textReadDefinition);

/** The window of lines a read asks for: the lines take the answer's bound less the metadata line's room, and one line asked for alone may take all of it (with room for its markers). */
function windowOpener(vault: Vault, path: string, { offset, limit, column }: { offset: number; limit: number; column: number }) {
  const room = createAnswerBudget(vault.options.maxOutput, metadataRoom + escapeName(path).length).left;
  return (startLine: number) => createLineWindow(offset, Math.min(limit, maxReadLines), limit === 1 ? room - 200 : maxLineLength, room, column - 1, startLine);
}

/** A read of a file's `bytes` (read whole): the window asked for (in `section`, when one was), as `readOutput` answers it. */
export async function readOfBytes(
  vault: Vault,
  path: string,
  bytes: Uint8Array,
  window: { offset: number; limit: number; column: number },
  section?: Section,
): Promise<TextReadOutput> {
  return readOutput(path, window.offset, await windowOfBytes(vault, path, bytes, windowOpener(vault, path, window)(1)), vault.options.maxOutput, section);
}

/**
 * A read's answer from its window (of `section`, when one was asked for), refusing an offset past the end: as many of its
 * lines as its structured content holds within `maxOutput` characters (see `withinStructureBound`).
 */
function readOutput(
  path: string,
  offset: number,
  { lines, totalLines, lineEnding, bom, fileHash }: StreamedWindow,
  maxOutput: number,
  section?: Section,
): TextReadOutput {
  if (offset > Math.max(totalLines, 1)) {
    throw new VaultError(
      'INVALID_ARGUMENT',
      totalLines === 0
        ? `${path} is empty, so offset ${offset} is past its end. Read it without an offset.`
        : `offset ${offset} is past the end of ${path}, which has ${totalLines} lines. Use an offset from 1 to ${totalLines}.`,
    );
  }
  const facts = {
    path,
    totalLines,
    ...(fileHash === undefined ? {} : { fileHash }),
    lineEnding,
    bom,
    ...(section ? { section: { heading: section.heading, startLine: section.startLine, endLine: section.endLine } } : {}),
  };
  const withFirst = (count: number): TextReadOutput => {
    const lastShown = offset + count - 1;
    return { ...facts, lines: lines.slice(0, count), ...(lastShown < (section?.endLine ?? totalLines) ? { nextOffset: lastShown + 1 } : {}) };
  };
  return withLineFitted(withinStructureBound(lines.length, withFirst, textReadDefinition.structure, maxOutput), maxOutput);
}

/**
 * `output`, its one line cut shorter when its structured content is still over `maxOutput` (a line of quotes or
 * backslashes takes twice its length in JSON): as much of it as the JSON holds, its marker then giving the column that
 * reads on, in the text and the structured content alike.
 */
function withLineFitted(output: TextReadOutput, maxOutput: number): TextReadOutput {
  const fits = (kept: TextReadOutput) => JSON.stringify(textReadDefinition.structure(kept)).length <= maxOutput;
  const [line] = output.lines;
  if (output.lines.length !== 1 || line === undefined || fits(output)) return output;
  const column = line.column ?? 0;
  const withFirst = (count: number): TextReadOutput => ({
    ...output,
    lines: [windowLine(line.number, lineCut(line.text, 0, count).text, line.fullLength ?? column + line.text.length, column)],
  });
  return withFirst(largest(1, line.text.length, (count) => fits(withFirst(count))) ?? 1);
}
function sectionLine(section: NonNullable<TextReadOutput['section']>): string {
  return `${section.heading} (lines ${section.startLine}-${section.endLine})`;
}

/** The lines to read of a section: from its heading, or from `offset` inside it, at most to its end. */
export function sectionWindow(section: Section, offset: number, limit: number, path: string): { offset: number; limit: number } {
  if (offset > section.endLine) {
    throw new VaultError(
      'INVALID_ARGUMENT',
      `offset ${offset} is past the end of the section ${section.heading} of ${path}, lines ${section.startLine}-${section.endLine}. Use an offset in that range, or leave it out.`,
    );
  }
  const first = Math.max(offset, section.startLine);
  return { offset: first, limit: Math.min(limit, section.endLine - first + 1) };
}

/**
 * A window of a file read in chunks. One over `maxFileSize` gets no fileHash (TextEdit could not edit
 * it), unless it turns out to be within the limit once read (it shrank since its size was taken): then
 * it is hashed from a whole read. A file scanned before and unchanged since (the same version, before
 * and after the read) is read from the chunk where the window starts, with the facts of that scan,
 * kept per file size limit (whether the scan hashed the file depends on it: vaults with other limits
 * may share a backend).
 */
async function streamed(vault: Vault, path: string, size: number, first: number, openWindow: (startLine: number) => LineWindow): Promise<StreamedWindow> {
  const { fs, options } = vault;
  const chunks = (buffer: Uint8Array, start: number) => fs.readFileChunks!(path, { buffer, start });
  const versionOf = async () => {
    const version = await fs.version?.(path);
    return version === undefined ? undefined : `${version} ${options.maxFileSize}`;
  };
  const version = await versionOf();
  const index = version === undefined ? undefined : lineIndexCache.get(fs, path, version);
  if (index) {
    const read = await resumeWindow(chunks, { path, first, window: openWindow(first), index });
    if ((await versionOf()) === version) return read;
  }
  const scanVersion = index ? await versionOf() : version;
  const read = await streamWindow(chunks, {
    path,
    first,
    window: openWindow(first),
    hasher: createFileHasher(fs),
    hash: size <= options.maxFileSize,
    hashUpTo: options.maxFileSize,
  });
  if (scanVersion !== undefined) lineIndexCache.set(fs, path, scanVersion, read.index);
  if (read.fileHash !== undefined || read.bytes > options.maxFileSize) return read;
  return { ...read, fileHash: await fileHash(await fs.readFile(path), fs) };
}

/** A window of a file read whole (a small one, or any on a backend that cannot stream). */
async function wholeWindow(vault: Vault, path: string, size: number, window: LineWindow): Promise<StreamedWindow> {
  if (size > vault.options.maxFileSize) {
    throw new VaultError(
      'FILE_TOO_LARGE',
      `${path} is ${size} bytes, over this vault's limit of ${vault.options.maxFileSize} bytes, and this backend cannot stream it. Raise the limit to read it.`,
    );
  }
  return windowOfBytes(vault, path, await vault.fs.readFile(path), window);
}

/** A window of a file's bytes, held whole. */
async function windowOfBytes(vault: Vault, path: string, bytes: Uint8Array, window: LineWindow): Promise<StreamedWindow> {
  window.push(createTextDecoder(path).decode(bytes, true));
  return { ...window.finish(), bom: hasBom(bytes), bytes: bytes.length, fileHash: await fileHash(bytes, vault.fs) };
}
