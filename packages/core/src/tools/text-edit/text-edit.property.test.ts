import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryFs } from '../../vault/memory-fs.js';
import { createVault } from '../../vault/vault.js';

// Characters for lines: ASCII, whitespace, accents, an emoji (two UTF-16 units), quotes and dashes.
const characters = ['a', 'b', 'x', ' ', '\t', 'é', 'ü', '😀', '"', '“', '—', '-'];
const line = fc.array(fc.constantFrom(...characters), { maxLength: 8 }).map((chars) => chars.join(''));
const newString = fc.array(fc.constantFrom(...characters, '\n'), { maxLength: 12 }).map((chars) => chars.join(''));

/** A file: lines, each with its own ending (or one ending for all), maybe a final newline, maybe a BOM. */
const file = (mixed: boolean) =>
  fc.record({
    lines: fc.array(line, { minLength: 1, maxLength: 12 }),
    endings: fc.array(fc.constantFrom('\n', '\r\n'), { minLength: 12, maxLength: 12 }),
    finalNewline: fc.boolean(),
    bom: fc.boolean(),
    mixed: fc.constant(mixed),
  });

type File = { lines: string[]; endings: string[]; finalNewline: boolean; bom: boolean; mixed: boolean };

/** The file's text as written, and as an agent sees it (LF), with where each LF-text position sits in the written text. */
function render({ lines, endings, finalNewline, bom, mixed }: File) {
  let written = bom ? '\uFEFF' : '';
  let normalized = '';
  const positions: number[] = [];
  lines.forEach((text, index) => {
    for (const char of text) {
      positions.push(written.length, ...(char.length === 2 ? [written.length + 1] : []));
      written += char;
      normalized += char;
    }
    if (index < lines.length - 1 || finalNewline) {
      positions.push(written.length);
      written += mixed ? endings[index]! : endings[0]!;
      normalized += '\n';
    }
  });
  positions.push(written.length);
  return { written, normalized, positions };
}

const occurrences = (text: string, needle: string) => {
  let count = 0;
  for (let index = text.indexOf(needle); index !== -1; index = text.indexOf(needle, index + 1)) count += 1;
  return count;
};

/** A file, an oldString that occurs in it exactly once (cut at whole characters), and a different newString. */
const edit = (mixed: boolean) =>
  fc
    .tuple(
      file(mixed).filter((source) => render(source).normalized !== ''),
      fc.nat(),
      fc.nat(),
      newString,
    )
    .map(([source, from, length, replacement]) => {
      const { normalized } = render(source);
      const chars = Array.from(normalized);
      const start = from % chars.length;
      const end = start + 1 + (length % Math.min(6, chars.length - start));
      const before = chars.slice(0, start).join('').length;
      const oldString = chars.slice(start, end).join('');
      return { source, oldString, newString: replacement, start: before, end: before + oldString.length };
    })
    .filter(({ source, oldString, newString }) => oldString !== newString && occurrences(render(source).normalized, oldString) === 1);

async function applyEdit(written: string, oldString: string, newString: string): Promise<string> {
  const fs = createMemoryFs({ 'a.md': written });
  await createVault(fs).call('TextEdit', { filePath: 'a.md', oldString, newString });
  return fs.toJSON()['a.md'] as string;
}

describe('TextEdit, on random files and edits', () => {
  it('gives what a plain string replacement gives, in a file with one line ending, BOM and final newline kept', async () => {
    await fc.assert(
      fc.asyncProperty(edit(false), async ({ source, oldString, newString, start, end }) => {
        const { written, normalized } = render(source);
        // New lines take the file's line ending; a file without any line break counts as LF.
        const ending = source.lines.length > 1 || source.finalNewline ? source.endings[0]! : '\n';
        const expected = `${source.bom ? '\uFEFF' : ''}${normalized.slice(0, start)}${newString}${normalized.slice(end)}`.replaceAll('\n', ending);
        expect(await applyEdit(written, oldString, newString)).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it('never changes a byte outside the edit, whatever the mix of line endings', async () => {
    await fc.assert(
      fc.asyncProperty(edit(true), async ({ source, oldString, newString, start, end }) => {
        const { written, normalized, positions } = render(source);
        const result = await applyEdit(written, oldString, newString);
        expect(result.startsWith(written.slice(0, positions[start]))).toBe(true);
        expect(result.endsWith(written.slice(positions[end]))).toBe(true);
        expect(result.replace(/^\uFEFF/, '').replaceAll('\r\n', '\n')).toBe(`${normalized.slice(0, start)}${newString}${normalized.slice(end)}`);
      }),
      { numRuns: 1000 },
    );
  });
});
