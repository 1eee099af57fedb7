import { appendFile, chmod, mkdir, readdir, readFile, rename, rm, stat, symlink, truncate, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createVault, type Vault } from '@vault/core';
import { createNodeFs } from '@vault/node';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdioBin } from './__fixtures__/stdio-bin.js';

// The watched server (the built bin over stdio) against searches that read every file from disk now, after a random
// run of changes made behind its back, some while a search or FindNotes is under way: the changes of
// watched-search.test.ts mixed, each building on what the others left (a folder renamed over one another made of a
// burst, a file grown past the size limit then turned binary, a symlink to a folder then replaced...). Seeded: a
// failure names its seed and step, and the same seed makes the same run.

const seeds = [1, 2];
const steps = 40;
const maxFileSize = 300;
const words = ['alpha', 'beta', 'Alpha', 'ALPHA', 'foo_bar', 'mutex', 'x', 'café', 'naïve', 'ſtop', 'Kelvin', 'test123', '日本語'];
const folders = ['', 'a', 'a/b', 'c', '.hidden', 'd e'];
const extensions = ['.md', '.md', '.txt', '.markdown', '.bin', '.MD'];

let vault: TempFolder;
let client: Client;
let fromDisk: Vault;

beforeAll(async () => {
  vault = await createTempFolder({});
  fromDisk = createVault(await createNodeFs(vault.path, { searchWorkers: 0 }), { searchTimeout: 300_000, maxFileSize, maxOutput: 5_000_000 });
  ({ client } = await connectStdioBin(
    ['--vault', vault.path, '--max-file-size', String(maxFileSize), '--max-output', '5000000'],
    'watched-search-random',
    'search memory: ',
  ));
});
afterAll(async () => {
  await client.close();
  await vault.remove();
});

/** A run's random choices, from its seed (a linear congruential generator: the same seed, the same run). */
function randomOf(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const text = () =>
    Array.from(
      { length: 1 + Math.floor(next() * 10) },
      () => Array.from({ length: 1 + Math.floor(next() * 6) }, () => pick(words)).join(pick([' ', '\t'])) + pick(['\n', '\r\n']),
    ).join('');
  return { next, pick, text, file: () => path.join(pick(folders), `f${Math.floor(next() * 30)}${pick(extensions)}`) };
}

type Random = ReturnType<typeof randomOf>;
const at = (relative: string) => path.join(vault.path, relative);
/** Whatever the disk refuses (a folder where a file was, a parent that is a file now) is a change not made. */
const tried = (work: Promise<unknown>) => work.catch(() => undefined);

async function filesNow(): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string) => {
    for (const entry of await readdir(at(folder), { withFileTypes: true }).catch(() => [])) {
      const relative = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(relative);
      else found.push(relative);
    }
  };
  await walk('');
  return found;
}

/** The changes, each made as another program would. */
const changes: Record<string, (random: Random) => Promise<unknown>> = {
  async create({ file, text }) {
    const name = file();
    await tried(mkdir(at(path.dirname(name)), { recursive: true }));
    await tried(writeFile(at(name), text()));
  },
  async sameSizeAndTimes({ pick }) {
    const name = pick(await filesNow());
    const before = name ? await stat(at(name)).catch(() => undefined) : undefined;
    if (!name || !before?.isFile()) return;
    const bytes = await readFile(at(name));
    for (const [index, byte] of bytes.entries()) if (byte >= 0x61 && byte <= 0x7a) bytes[index] = 0x61 + ((byte - 0x61 + 1) % 26);
    await writeFile(at(name), bytes);
    await utimes(at(name), before.atime, before.mtime);
  },
  append: async ({ pick, text }) => tried(appendFile(at(pick(await filesNow()) ?? 'new.md'), text())),
  remove: async ({ pick }) => tried(rm(at(pick(await filesNow()) ?? 'none.md'), { force: true })),
  renameFolder: ({ pick }) => tried(rename(at(pick(['a', 'c', 'd e', 'a/b'])), at(pick(['a', 'c', 'z', 'a/b', 'c/q'])))),
  async folderToFile({ pick, text }) {
    const name = pick(['a', 'c', 'z', 'a/b']);
    await tried(rm(at(name), { recursive: true, force: true }));
    await tried(writeFile(at(name), text()));
  },
  async burst({ pick, text }) {
    const folder = pick(['burst', 'a', 'c']);
    await tried(mkdir(at(folder), { recursive: true }));
    await Promise.all(Array.from({ length: 300 }, (_, index) => tried(writeFile(at(`${folder}/b${index}.md`), text()))));
  },
  async checkoutSwap({ pick, next, text }) {
    const folder = pick(['a', 'c', 'burst']);
    const swap = `.swap${Math.floor(next() * 1e6)}`;
    await mkdir(at(swap));
    for (let index = 0; index < 100; index += 1) await writeFile(at(`${swap}/s${index}.md`), text());
    await tried(rm(at(folder), { recursive: true, force: true }));
    await tried(rename(at(swap), at(folder)));
  },
  grow: async ({ pick }) => tried(appendFile(at(pick(await filesNow()) ?? 'new.md'), 'alpha '.repeat(60))),
  shrink: async ({ pick }) => tried(truncate(at(pick(await filesNow()) ?? 'none.md'), 20)),
  binary: async ({ pick }) => tried(appendFile(at(pick(await filesNow()) ?? 'new.md'), Buffer.from([0, 1, 2, 0x61]))),
  symlinkToFile: async ({ pick, next }) => tried(symlink(at(pick(await filesNow()) ?? 'none.md'), at(`link${Math.floor(next() * 5)}.md`))),
  symlinkToFolder: ({ next }) => tried(symlink(at('a'), at(`linked${Math.floor(next() * 3)}`))),
  unreadable: async ({ pick, next }) => tried(chmod(at(pick(await filesNow()) ?? 'none.md'), next() < 0.5 ? 0 : 0o644)),
  async renameFile({ pick, next, file }) {
    const name = pick(await filesNow());
    if (name) await tried(rename(at(name), at(next() < 0.5 ? path.join(path.dirname(name), path.basename(name).toUpperCase()) : file())));
  },
};

/** An answer as both sides give it: the MCP client gets lines as "N: text", the library as objects. */
function comparable(answer: Record<string, unknown>) {
  const files = (answer.files ?? []) as { path: string; matches: number; lines?: (string | { number: number; text: string })[] }[];
  return {
    totalMatches: answer.totalMatches,
    totalFiles: answer.totalFiles,
    truncated: answer.truncated,
    files: files.map(({ path: file, matches, lines = [] }) => [
      file,
      matches,
      lines.map((line) => (typeof line === 'string' ? line : `${line.number}: ${line.text}`)),
    ]),
    skipped: ((answer.skipped ?? []) as { path: string }[]).map((entry) => entry.path).sort(),
    totalSkipped: answer.totalSkipped,
  };
}

const errorCodeOf = (error: unknown) => ({ error: (error as { code?: string }).code });

async function expectSameSearch(input: Record<string, unknown>, where: string): Promise<void> {
  const expected = await fromDisk.call('TextSearch', input).then((answer) => comparable(answer as never), errorCodeOf);
  const result = await client.callTool({ name: 'TextSearch', arguments: input });
  const found = result.isError ? { error: (result._meta as { errorCode?: string }).errorCode } : comparable(result.structuredContent as never);
  expect(found, `${where}: TextSearch ${JSON.stringify(input)}`).toEqual(expected);
}

async function expectSameNotes(input: Record<string, unknown>, where: string): Promise<void> {
  const ranked = (answer: { totalNotes: number; notes: { path: string; score: number }[] }) => [
    answer.totalNotes,
    answer.notes.map((note) => [note.path, note.score]),
  ];
  const expected = await fromDisk.call('FindNotes', input as { query: string }).then((answer) => ranked(answer as never), errorCodeOf);
  const result = await client.callTool({ name: 'FindNotes', arguments: input });
  const found = result.isError ? { error: (result._meta as { errorCode?: string }).errorCode } : ranked(result.structuredContent as never);
  expect(found, `${where}: FindNotes ${JSON.stringify(input)}`).toEqual(expected);
}

describe('vault-mcp: the watched search after a random run of outside changes', () => {
  it.each(seeds)(
    'seed %i: every search and FindNotes answers as a search of the disk now',
    async (seed) => {
      const random = randomOf(seed);
      const { pick } = random;
      for (let index = 0; index < 100; index += 1) await changes.create!(random);
      for (let step = 0; step < steps; step += 1) {
        const change = pick(Object.keys(changes));
        // A third of the changes are made while a search and a FindNotes are under way.
        const during = random.next() < 0.3;
        await Promise.all([
          changes[change]!(random),
          ...(during
            ? [
                client.callTool({ name: 'TextSearch', arguments: { query: pick(words) } }),
                client.callTool({ name: 'FindNotes', arguments: { query: pick(words) } }),
              ]
            : []),
        ]);
        const where = `seed ${seed}, step ${step}, after ${change}${during ? ' (during a search)' : ''}`;
        const word = pick(words);
        await expectSameSearch(
          pick([
            { query: word },
            { query: word, caseSensitive: true },
            { query: `\\b(${word}|${pick(words)})\\b`, regex: true },
            { query: `${word}\\s+\\w+`, regex: true },
            { query: word, outputMode: 'files_only' },
            { query: `${word} ${pick(words)}` },
          ]),
          where,
        );
        await expectSameNotes({ query: `${word} ${pick(words)}`, maxResults: 50 }, where);
      }
    },
    240_000,
  );
});
