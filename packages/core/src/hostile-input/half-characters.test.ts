/**
 * Half a character: no answer holds a lone surrogate, whatever cut, window or column falls inside a
 * surrogate pair (an emoji, any character past U+FFFF), and a continuation hint points at a whole one.
 * Part of the attack suite of @vault/core (this folder): input nobody here wrote, sent as an attacker
 * would who has read the source; each test checks the answer and that nothing changed on a refusal.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryFs, type VaultSeed } from '../vault/memory-fs.js';
import { tools, type ToolName } from '../tools/tools.js';
import { type TextReadOutput, textRead } from '../tools/text-read.js';
import { createVault, type Vault, type VaultOptions } from '../vault/vault.js';
import { isVaultError, type VaultError } from '../vault/vault-error.js';
import { open } from '../tools/__fixtures__/open.js';
import { callAny, refused } from './__fixtures__/attack-kit.js';

/** Half of a surrogate pair, alone: what a strict client (Python's json, UTF-8 encoders) cannot take. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Half of a pair shown escaped (`\ud83d`), as JSON.stringify and escapeName show one: still half a character. */
const escapedHalf = /\\ud[89a-f][0-9a-f]{2}/i;

const family = '👨\u200d👩\u200d👧';
const flag = '🇫🇷';

/** Every string in a value: an output, a structured answer, an error's message and details. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/** Fails on any string of `value` holding half a character, alone or escaped. */
function expectWhole(value: unknown) {
  for (const text of stringsOf(value)) {
    const at = Math.max(0, text.search(loneSurrogate));
    expect(text, `lone surrogate near ${JSON.stringify(text.slice(Math.max(0, at - 20), at + 20))}`).not.toMatch(loneSurrogate);
    expect(text).not.toMatch(escapedHalf);
  }
}

/**
 * What a client gets from a call: the rendered text, the structured content (MCP's), the output; or
 * the error's message and details. Checked whole before it is returned.
 */
async function answer(vault: Vault, name: ToolName, input: Record<string, unknown>): Promise<{ text: string; output?: unknown; error?: VaultError }> {
  const tool = tools.find((candidate) => candidate.name === name)!;
  try {
    const output = await callAny(vault, name, input);
    const text = vault.render(name, output as never);
    const structured = (tool.structure as (output: unknown) => Record<string, unknown>)(output);
    expectWhole([text, structured, output]);
    return { text, output };
  } catch (error) {
    if (!isVaultError(error)) throw error;
    expectWhole([error.message, error.details]);
    return { text: error.message, error };
  }
}

/** The 0-based units of `text` that are the second half of a pair: where a column would split a character. */
function secondHalves(text: string): Set<number> {
  return new Set([...text.matchAll(/[\ud800-\udbff][\udc00-\udfff]/g)].map((match) => match.index + 1));
}

/** The line TextRead shows as `N: …`, without its markers. */
function shownText(line: string): string {
  return line
    .replace(/^\d+: /, '')
    .replace(/^\[from character \d+\] …/, '')
    .replace(/ … \[line cut: .*$/, '');
}

/** The column a cut line's marker says to read on from, or undefined when the line was shown to its end. */
function readOnColumn(line: string): number | undefined {
  const column = /`column: (\d+)` reads on\]$/.exec(line)?.[1];
  return column === undefined ? undefined : Number(column);
}

/** Reads line `offset` of `path` from `column` on, following each marker, until the line is read whole: the text of each call, joined. */
async function readLineByMarkers(vault: Vault, path: string, offset: number, column = 1, limit = 2): Promise<{ text: string; calls: number }> {
  let text = '';
  let calls = 0;
  for (let next: number | undefined = column; next !== undefined; calls += 1) {
    const { output } = await answer(vault, 'TextRead', { filePath: path, offset, limit, column: next });
    const rendered = (textRead.structure(output as TextReadOutput) as { lines: string[] }).lines[0]!;
    text += shownText(rendered);
    const after = readOnColumn(rendered);
    expect(after === undefined || after > next, `column ${next} does not move on`).toBe(true);
    next = after;
  }
  return { text, calls };
}

describe('TextRead: a column inside a character starts at that character', () => {
  const line = `ab${family}😀😀${flag}z𐐀`;
  const halves = secondHalves(line);

  it.each(Array.from({ length: line.length }, (_, index) => index + 1))('column %i of a line of emoji, ZWJ sequences and a flag', async (column) => {
    const { vault } = open({ 'a.md': `${line}\n${line}\r\n` });
    const { output, text } = await answer(vault, 'TextRead', { filePath: 'a.md', column });
    // A column on the second half of a pair shows the line from the first half: nothing is lost.
    const start = halves.has(column - 1) ? column - 2 : column - 1;
    const lines = (output as { lines: { text: string; column?: number }[] }).lines;
    expect(lines).toEqual(
      [0, 1].map((index) => ({ number: index + 1, text: line.slice(start), ...(start > 0 ? { column: start, fullLength: line.length } : {}) })),
    );
    expect(text.split('\n')[0]).toBe(start > 0 ? `1: [from character ${start + 1}] …${line.slice(start)}` : `1: ${line}`);
  });

  it('a column past the end of a line of emoji, and one on its last half', async () => {
    const { vault } = open({ 'a.md': '😀😀\n' });
    expect((await answer(vault, 'TextRead', { filePath: 'a.md', column: 4 })).text.split('\n')[0]).toBe('1: [from character 3] …😀');
    expect((await answer(vault, 'TextRead', { filePath: 'a.md', column: 5 })).text.split('\n')[0]).toBe('1: [line of 4 characters, before the column]');
  });
});

describe('TextRead: a line cut at 2,000 units never splits a character', () => {
  // [what the line is, the line, the units shown before the cut (undefined: the line is shown whole)]
  it.each([
    ['1,999 units ending in a pair', `${'a'.repeat(1997)}😀`, undefined],
    ['2,000 units ending in a pair', `${'a'.repeat(1998)}😀`, undefined],
    ['2,001 units, a pair across the cut', `${'a'.repeat(1999)}😀`, 1999],
    ['2,002 units, a pair across the cut', `${'a'.repeat(1999)}😀b`, 1999],
    ['2,001 units, a pair just before the cut', `${'a'.repeat(1998)}😀b`, 2000],
    ['2,001 units of emoji and a letter', `${'😀'.repeat(1000)}b`, 2000],
    ['2,001 units, a letter then emoji', `b${'😀'.repeat(1000)}`, 1999],
    ['a ZWJ sequence across the cut', `${'a'.repeat(1996)}${family}${family}`, 1999],
    ['a flag across the cut', `${'a'.repeat(1997)}${flag}${flag}`, 1999],
  ])('%s', async (_, line, cut) => {
    for (const newline of ['\n', '\r\n']) {
      const { vault } = open({ 'a.md': `${line}${newline}${line}${newline}` });
      const { output, text } = await answer(vault, 'TextRead', { filePath: 'a.md' });
      const shown = (output as { lines: unknown[] }).lines[0];
      if (cut === undefined) {
        expect(shown).toEqual({ number: 1, text: line });
        continue;
      }
      expect(shown).toEqual({ number: 1, text: line.slice(0, cut), fullLength: line.length });
      expect(text.split('\n')[1]).toBe(
        `2: ${line.slice(0, cut)} … [line cut: ${line.length} characters; TextRead \`offset: 2\`, \`limit: 1\`, \`column: ${cut + 1}\` reads on]`,
      );
      const rest = await answer(vault, 'TextRead', { filePath: 'a.md', offset: 2, limit: 1, column: cut + 1 });
      expect(rest.text.split('\n')[0]).toBe(`2: [from character ${cut + 1}] …${line.slice(cut)}`);
    }
  });

  it('reading on from marker to marker gives a long line of emoji back exactly, from any first column', async () => {
    const line = `x${'😀'.repeat(1200)}${family.repeat(150)}${'𐐀'.repeat(700)}y`;
    const { vault } = open({ 'a.md': `${line}\r\nnext\r\n` });
    for (const column of [1, 2, 3]) {
      const { text, calls } = await readLineByMarkers(vault, 'a.md', 1, column);
      // Column 3 is the second half of the first 😀: read from its first half.
      expect(text).toBe(line.slice(column === 3 ? 1 : column - 1));
      expect(calls).toBe(3);
    }
  });

  it('a line read alone (limit 1) is cut at the answer bound, never inside a character, for either parity of the bound', async () => {
    const line = '😀'.repeat(40_000);
    for (const maxOutput of [4096, 4097, 10_001, 10_002]) {
      const { vault } = open({ 'a.md': `${line}\n` }, { maxOutput });
      const first = await answer(vault, 'TextRead', { filePath: 'a.md', limit: 1 });
      expect(first.text.length).toBeLessThanOrEqual(maxOutput);
      const column = readOnColumn(first.text.split('\n')[0]!)!;
      // Every character before the marker's column was shown: an odd column is the start of a 😀.
      expect(column % 2).toBe(1);
      expect(shownText(first.text.split('\n')[0]!)).toBe(line.slice(0, column - 1));
    }
  });
});

describe('the answer bound: the safety net cuts before a pair', () => {
  it.each([4096, 4097, 5000, 5001])('a rendered answer over a bound of %i characters', async (maxOutput) => {
    // A line read alone from a vault with a large bound, rendered by one with a small bound: `render` cuts it.
    const { output } = await answer(open({ 'a.md': `${'😀'.repeat(40_000)}\n` }, { maxOutput: 1_000_000 }).vault, 'TextRead', { filePath: 'a.md', limit: 1 });
    const rendered = open({}, { maxOutput }).vault.render('TextRead', output as TextReadOutput);
    expect(rendered.length).toBeLessThanOrEqual(maxOutput);
    expect(rendered).toMatch(/^1: (?:😀)+\n\[… \d+ characters cut: the answer is over its bound/);
    expectWhole(rendered);
  });
});

describe('TextRead of a file read in chunks (the stream window): pairs and UTF-8 sequences across every chunk boundary', () => {
  const lines = [`${'😀'.repeat(1100)}`, `a${'😀'.repeat(1100)}\r`, `${family.repeat(300)}`, 'é😀€𐐀'.repeat(500), 'plain'];
  const text = `${lines.join('\n')}\n`;

  /** A vault whose backend gives chunks of `chunkSize` bytes, streaming every file over `maxFileSize`. */
  function streaming(seed: VaultSeed, chunkSize: number, options: VaultOptions = {}) {
    return createVault(createMemoryFs(seed, { chunkSize }), { maxFileSize: 1000, ...options });
  }

  it('answers each window as a file read whole does, for chunks of 1 to 7 bytes and 4 KiB + 1, twice (the second from the index)', async () => {
    const whole = open({ 'a.md': text }).vault;
    for (const chunkSize of [1, 2, 3, 5, 7, 4097]) {
      const vault = streaming({ 'a.md': text }, chunkSize);
      for (const [offset, column] of [
        [1, 1],
        [1, 2],
        [2, 3],
        [3, 4],
        [4, 5],
        [2, 1],
      ] as const) {
        const input = { filePath: 'a.md', offset, limit: 2, column };
        const expected = (await answer(whole, 'TextRead', input)).output as { lines: unknown[] };
        for (let read = 0; read < 2; read += 1) expect(((await answer(vault, 'TextRead', input)).output as { lines: unknown[] }).lines).toEqual(expected.lines);
      }
    }
  });

  it('cuts a streamed line at 2,000 units before a pair across the cut, and reads on from the marker to its end', async () => {
    const vault = streaming({ 'a.md': text }, 3);
    const { output } = await answer(vault, 'TextRead', { filePath: 'a.md', offset: 2, limit: 2 });
    expect((output as { lines: unknown[] }).lines[0]).toEqual({ number: 2, text: `a${'😀'.repeat(999)}`, fullLength: 2201 });
    expect((await readLineByMarkers(vault, 'a.md', 2)).text).toBe(lines[1]!.slice(0, -1));
    expect((await readLineByMarkers(vault, 'a.md', 4, 2)).text).toBe(lines[3]!.slice(1));
  });

  it('a file over 1 MiB with the default options: streamed, columns and cuts on whole characters [large input]', async () => {
    const long = `b${'😀'.repeat(300_000)}`;
    const vault = createVault(createMemoryFs({ 'big.md': `${long}\n${long}\n` }));
    for (const column of [1, 2, 3, 599_999, 600_000, 600_001]) {
      const { output } = await answer(vault, 'TextRead', { filePath: 'big.md', offset: 2, limit: 2, column });
      const [shown] = (output as { lines: { text: string; column?: number }[] }).lines;
      const start = column % 2 === 1 && column > 1 && column <= 600_001 ? column - 2 : column - 1;
      expect(shown!.column ?? 0).toBe(start);
      expect(shown!.text).toBe(long.slice(start, start + (start % 2 === 0 ? 1999 : 2000)));
    }
  });

  it('the decoded text holds U+FFFD only where the file does, and bytes of a surrogate (CESU-8) are NOT_TEXT, whole or streamed', async () => {
    const replacement = new Uint8Array([0x61, 0xef, 0xbf, 0xbd, 0x0a]);
    expect((await answer(open({ 'a.md': replacement }).vault, 'TextRead', { filePath: 'a.md' })).text.split('\n')[0]).toBe('1: a\ufffd');
    // 😀 as two encoded surrogates (ED A0 BD, ED B8 80), and one high surrogate alone (ED A0 80).
    for (const bytes of [
      [0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80],
      [0xed, 0xa0, 0x80],
    ]) {
      const file = new Uint8Array([...new TextEncoder().encode(`${'a'.repeat(1200)}\n`), ...bytes, 0x0a]);
      for (const vault of [open({ 'a.md': file }).vault, streaming({ 'a.md': file }, 5)]) {
        await refused(callAny(vault, 'TextRead', { filePath: 'a.md', offset: 2 }), 'NOT_TEXT');
        await refused(callAny(vault, 'TextRead', { filePath: 'a.md' }), 'NOT_TEXT');
      }
      const { vault } = open({ 'a.md': file });
      await refused(callAny(vault, 'TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'b', replaceAll: true }), 'NOT_TEXT');
      expect((await answer(vault, 'TextSearch', { query: 'a' })).output).toMatchObject({
        totalMatches: 0,
        skipped: [{ path: 'a.md', reason: 'NOT_TEXT' }],
      });
    }
  });
});

describe('TextEdit: snippets, AMBIGUOUS_MATCH and near misses next to emoji', () => {
  it('a change deep in a line of emoji: the snippet starts on a whole character, is cut before a pair, and reads on from one', async () => {
    for (const lead of ['', 'a']) {
      const line = `${'😀'.repeat(1500)}${lead}X${'😀'.repeat(1500)}`;
      const { fs, vault } = open({ 'a.md': `top\r\n${line}\r\nend\r\n` });
      const { output, text } = await answer(vault, 'TextEdit', { filePath: 'a.md', oldString: 'X😀', newString: 'Y😁' });
      expect(fs.toJSON()).toEqual({ 'a.md': `top\r\n${line.replace('X😀', 'Y😁')}\r\nend\r\n` });
      // The change at unit 3000 (3001 after a letter): 100 units before it is the start of a 😀 (the middle of one, shown whole).
      const snippet = (output as { snippet: unknown[] }).snippet;
      expect(snippet[1]).toEqual({ number: 2, text: `${'😀'.repeat(50)}${lead}Y😁${'😀'.repeat(948)}`, fullLength: 6001 + lead.length, column: 2900 });
      expect(readOnColumn(text.split('\n')[2]!)).toBe(lead === '' ? 4900 : 4901);
    }
  });

  it('AMBIGUOUS_MATCH shows the text around each occurrence on whole characters, for either parity', async () => {
    for (const lead of ['', 'a']) {
      const line = `${lead}${'😀'.repeat(60)}needle${'😀'.repeat(200)}`;
      const { fs, vault } = open({ 'a.md': `${line}\n${line}\n` });
      const { error, text } = await answer(vault, 'TextEdit', { filePath: 'a.md', oldString: 'needle', newString: 'pin' });
      expect(error).toMatchObject({ code: 'AMBIGUOUS_MATCH' });
      const shown = text.split('\n')[1]!;
      expect(shown).toMatch(/^line 1: …(😀)+needle(😀)+…$/);
      expect(fs.toJSON()).toEqual({ 'a.md': `${line}\n${line}\n` });
    }
  });

  it('NO_MATCH near misses: a difference between two astral letters, and 60 characters of emoji either side, shown whole', async () => {
    for (const lead of ['', 'a']) {
      const file = `${lead}${'😀'.repeat(100)} 𐐀𐐀 ${'😀'.repeat(100)}\n`;
      const { fs, vault } = open({ 'a.md': file });
      const { error, text } = await answer(vault, 'TextEdit', { filePath: 'a.md', oldString: '😀 𐐨𐐨 😀', newString: 'x' });
      expect(error).toMatchObject({ code: 'NO_MATCH' });
      // 60 units before the difference fall inside a 😀, shown whole; 60 after it too, left out.
      expect(text).toContain(`…${'😀'.repeat(30)} [file: "𐐀𐐀" | oldString: "𐐨𐐨"] ${'😀'.repeat(29)}…`);
      expect(fs.toJSON()).toEqual({ 'a.md': file });
    }
  });

  it('NO_MATCH near misses: a differing part of emoji cut at 40 units, for either parity', async () => {
    for (const lead of ['', 'a']) {
      const { vault } = open({ 'a.md': `X${lead}${'😀'.repeat(30)}Y\n` });
      const { error } = await answer(vault, 'TextEdit', { filePath: 'a.md', oldString: `x${lead}${'😀'.repeat(30)}y`, newString: 'z' });
      expect(error).toMatchObject({ code: 'NO_MATCH' });
      // Without the letter, unit 40 is the second half of the 20th 😀: it is left out.
      expect((error!.details as { candidates: { text: string }[] }).candidates[0]!.text).toBe(
        `[file: "X${lead}${'😀'.repeat(19)}…" | oldString: "x${lead}${'😀'.repeat(19)}…"]`,
      );
    }
  });
});

describe('TextSearch: windows, context lines and headings of emoji', () => {
  it('a match deep in a line of emoji, its context and its heading: whole characters, the range on the match', async () => {
    for (const lead of ['', 'a']) {
      const line = `${lead}${'😀'.repeat(400)}needle${'😀'.repeat(400)}`;
      const { vault } = open({ 'a.md': `# Title\n## ${lead}${'😀'.repeat(40)}\n${'😀'.repeat(300)}${lead}\n${line}\n${lead}${'😀'.repeat(300)}\n` });
      const { output } = await answer(vault, 'TextSearch', { query: 'needle', contextLines: 1 });
      const [before, match, after] = (
        output as { files: { lines: { text: string; column?: number; ranges?: { start: number; end: number }[]; heading?: string }[] }[] }
      ).files[0]!.lines;
      expect(match!.text.slice(match!.ranges![0]!.start, match!.ranges![0]!.end)).toBe('needle');
      expect(match!.column).toBe(700 + lead.length);
      // Headings are cut at 60 units, context lines at 500: after a letter, both fall inside a 😀.
      expect(match!.heading).toBe(`## ${lead}${'😀'.repeat(lead === '' ? 30 : 29)}…`);
      expect(before!.text).toBe('😀'.repeat(250));
      expect(after!.text).toBe(`${lead}${'😀'.repeat(lead === '' ? 250 : 249)}`);
    }
  });
});

describe('messages that quote a part of the input quote whole characters', () => {
  it.each(['', 'a'])('an invalid regex of emoji, cut at 200 (lead "%s")', async (lead) => {
    const { error } = await answer(open({ 'a.md': 'x\n' }).vault, 'TextSearch', { query: `${lead}(${'😀'.repeat(150)}`, regex: true });
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it.each(['', 'a'])('a path over 4,000 bytes of emoji, quoted to 100 units (lead "%s")', async (lead) => {
    const { error, text } = await answer(open().vault, 'TextRead', { filePath: `${lead}${'😀'.repeat(1100)}.md` });
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(text).toContain(`The path ${lead}${'😀'.repeat(lead === '' ? 50 : 49)}… is longer than 4000 bytes`);
  });

  it.each(['', 'a'])('an unknown argument named with emoji, quoted to 60 units (lead "%s")', async (lead) => {
    const { error, text } = await answer(open({ 'a.md': 'x\n' }).vault, 'TextRead', { filePath: 'a.md', [`${lead}${'😀'.repeat(40)}`]: 1 });
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(text).toContain(`has no parameter ${lead}${'😀'.repeat(lead === '' ? 30 : 29)}…;`);
  });

  it.each(['', 'x'])('Move reports a link longer than 200 units of emoji cut before a pair (lead "%s")', async (lead) => {
    const note = `see [${lead}${'😀'.repeat(150)}](target.md)\n`;
    const { fs, vault } = open({ 'target.md': 't\n', 'note.md': note });
    const { text } = await answer(vault, 'Move', { sourcePath: 'target.md', destinationPath: 'moved.md' });
    // 200 units are "[" and 99.5 😀 (the half left out), or "[x" and 99.
    expect(text).toContain(`note.md:1: [${lead}${'😀'.repeat(99)}... -> [`);
    expect(fs.toJSON()).toEqual({ 'moved.md': 't\n', 'note.md': note.replace('target.md', 'moved.md') });
  });

  it('names of emoji, ZWJ sequences and flags are listed whole by ListFiles, ListDirectories, RemoveFile and Move', async () => {
    const name = `${family}${flag}😀`;
    const { vault } = open({ [`${name}/${name}.md`]: 'x\n', [`${name}/l.md`]: `[[${name}]]\n` });
    expect((await answer(vault, 'ListFiles', { directoryPath: name })).text).toContain(`${name}.md`);
    expect((await answer(vault, 'ListDirectories', {})).text).toContain(`${name}/`);
    expect((await answer(vault, 'RemoveFile', { filePath: `${name}/${name}.md` })).text).toContain(`${name}/l.md`);
    expect((await answer(vault, 'Move', { sourcePath: `${name}/l.md`, destinationPath: `${name}/${flag}.md` })).text).toContain(`${name}/${flag}.md`);
  });
});

describe('half a surrogate pair in any argument: INVALID_ARGUMENT naming it, nothing changed', () => {
  const seed = { 'a.md': 'x😀y\n', 'b.md': 'b\n' };
  it.each([
    ['TextRead', { filePath: 'a\ud83d.md' }, 'filePath'],
    ['TextEdit', { filePath: 'a\ude00.md', oldString: 'x', newString: 'z' }, 'filePath'],
    ['TextEdit', { filePath: 'a.md', oldString: 'x\ud83d', newString: 'z' }, 'oldString'],
    ['TextEdit', { filePath: 'a.md', oldString: 'x', newString: '\ude00' }, 'newString'],
    ['TextCreate', { filePath: 'c\ud800.md', content: 'c' }, 'filePath'],
    ['TextCreate', { filePath: 'c.md', content: 'c\udbff' }, 'content'],
    ['TextSearch', { query: '\ud83d' }, 'query'],
    ['TextSearch', { query: '(\ud83d', regex: true }, 'query'],
    ['TextSearch', { query: 'x', filePattern: '*\ud83d.md' }, 'filePattern'],
    ['TextSearch', { query: 'x', directoryPath: '\udc00' }, 'directoryPath'],
    ['TextSearch', { query: 'x', filePath: 'a\ud83d.md' }, 'filePath'],
    ['ListFiles', { directoryPath: 'd\ud83d' }, 'directoryPath'],
    ['ListDirectories', { directoryPath: '\ude00d' }, 'directoryPath'],
    ['Move', { sourcePath: 'a\ud83d.md', destinationPath: 'c.md' }, 'sourcePath'],
    ['Move', { sourcePath: 'a.md', destinationPath: 'c\ud83d.md' }, 'destinationPath'],
    ['RemoveFile', { filePath: 'a.md\ud83d' }, 'filePath'],
  ] as const)('%s %j', async (name, input, parameter) => {
    const { fs, vault } = open(seed);
    const { error, text } = await answer(vault, name, input);
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(text).toMatch(new RegExp(`^${parameter} holds half of a UTF-16 surrogate pair \\(at character \\d+\\)`));
    expect(fs.toJSON()).toEqual(seed);
  });
});

describe('property: no answer of TextRead, TextSearch or TextEdit holds a lone surrogate, on random astral text', () => {
  // Lines of up to about 5,000 units, mostly emoji: long enough to be cut at 2,000 units and at the bound of a line read alone.
  const character = fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom('a', 'é', '𐐀', '𐐨', family, flag, '\u200d', ' ', '\ufffd') },
    { weight: 3, arbitrary: fc.constantFrom('😀', '😁', '🙂') },
  );
  const line = fc.array(character, { maxLength: 2000 }).map((characters) => characters.join(''));
  const text = fc.tuple(fc.array(line, { minLength: 1, maxLength: 4 }), fc.constantFrom('\n', '\r\n')).map(([lines, newline]) => lines.join(newline));

  it('TextRead at any offset, limit and column, whole or streamed in chunks of any size, under any bound', async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 5200 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 4096, max: 4200 }),
        async (body, offset, limit, column, chunkSize, maxOutput) => {
          const seed = { 'a.md': body };
          for (const vault of [
            createVault(createMemoryFs(seed), { maxOutput }),
            createVault(createMemoryFs(seed, { chunkSize }), { maxOutput, maxFileSize: 64 }),
          ]) {
            const { text: shown } = await answer(vault, 'TextRead', { filePath: 'a.md', offset, limit, column });
            for (const line of shown.split('\n')) {
              const readOn = readOnColumn(line);
              // The marker's column is a whole character of the line: not a second half.
              if (readOn !== undefined) expect(body.split('\n')[Number(/^\d+/.exec(line)![0]) - 1]![readOn - 1]).not.toMatch(/[\udc00-\udfff]/);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('TextSearch for a character of the text, and TextEdit of one occurrence of it', async () => {
    await fc.assert(
      fc.asyncProperty(text, fc.constantFrom('😀', '😁', '🙂', '𐐀', 'é', family), async (body, query) => {
        const { vault } = open({ 'a.md': body });
        await answer(vault, 'TextSearch', { query, contextLines: 1 });
        await answer(vault, 'TextSearch', { query: `${query}.`, regex: true, caseSensitive: false });
        await answer(vault, 'TextEdit', { filePath: 'a.md', oldString: query, newString: '😁x', replaceAll: true });
      }),
      { numRuns: 100 },
    );
  });
});
