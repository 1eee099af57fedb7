import { chmod } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectUnprivilegedBin, unprivilegedLaunch } from './__fixtures__/unprivileged-bin.js';

// A note or a folder the server may not read (chmod 000), through the real server run as a user the
// permission bits hold: a search of many files answers for the rest and names it among the skipped
// files; only a file named on its own answers PERMISSION_DENIED. Made readable again, it is found again.
// One server for the file, its watch on: each step builds on the vault the last one left.

/** Notes the workers search (from 100 on), and a folder of a few, searched one by one on the main thread. */
const notes = Array.from({ length: 120 }, (_, index) => `notes/${index % 3}/${String(index).padStart(3, '0')}.md`);
const small = Array.from({ length: 6 }, (_, index) => `small/s${index}.md`);
const all = [...notes, ...small].sort();
const noteText = (index: number) => `# Note ${index}\n\n## Part\nalpha line of note ${index}\n`;
const notReadable = "not readable with the server's permissions";
const launch = unprivilegedLaunch();

let vault: TempFolder;
let client: Client;
let stderr: () => string;

beforeAll(async () => {
  vault = await createTempFolder(Object.fromEntries([...notes, ...small].map((note, index) => [note, noteText(index)])));
  ({ client, stderr } = await connectUnprivilegedBin(launch, vault.path, ['--search-timeout', '600000'], 'FindNotes: '));
});
afterAll(async () => {
  await client.close();
  await vault.remove();
});

const at = (relative: string) => path.join(vault.path, relative);

async function call(name: string, input: Record<string, unknown>) {
  return client.callTool({ name, arguments: input }) as Promise<{
    isError?: boolean;
    structuredContent?: Record<string, unknown>;
    content: { text: string }[];
  }>;
}

/** TextSearch of `alpha` (every note holds it once) through the server: the files found and the skipped ones. */
async function search(directoryPath?: string) {
  const answer = await call('TextSearch', { query: 'alpha', outputMode: 'files_only', maxResults: 1000, ...(directoryPath ? { directoryPath } : {}) });
  if (answer.isError) throw new Error(`${answer.content[0]!.text}\n${stderr()}`);
  const found = answer.structuredContent!;
  return { files: (found.files as { path: string }[]).map((file) => file.path), skipped: found.skipped, totalSkipped: found.totalSkipped };
}

/** FindNotes of `alpha` through the server: how many notes it found (at most 100 are shown) and the skipped ones. */
async function find() {
  const answer = await call('FindNotes', { query: 'alpha', maxResults: 100 });
  if (answer.isError) throw new Error(`${answer.content[0]!.text}\n${stderr()}`);
  const found = answer.structuredContent!;
  return { notes: found.totalNotes, skipped: found.skipped, totalSkipped: found.totalSkipped };
}

const without = (gone: (path: string) => boolean) => all.filter((file) => !gone(file));

describe(`vault-mcp run ${launch.how}: notes and folders it may not read`, () => {
  it('finds every note while all are readable', async () => {
    expect(await search()).toEqual({ files: all, skipped: [], totalSkipped: 0 });
    expect(await find()).toEqual({ notes: all.length, skipped: [], totalSkipped: 0 });
  });

  it('an unreadable note: skipped and named by the searches of many files (workers and main thread), refused when named alone', async () => {
    await chmod(at(notes[4]!), 0o000);
    await chmod(at(small[2]!), 0o000);
    const skipped = [
      { path: notes[4], reason: notReadable },
      { path: small[2], reason: notReadable },
    ];
    expect(await search()).toEqual({ files: without((file) => file === notes[4] || file === small[2]), skipped, totalSkipped: 2 });
    expect(await search('small')).toEqual({ files: small.filter((file) => file !== small[2]), skipped: [skipped[1]], totalSkipped: 1 });
    expect(await find()).toEqual({ notes: all.length - 2, skipped, totalSkipped: 2 });
    const read = await call('TextRead', { filePath: notes[4] });
    expect([read.isError, read.content[0]!.text]).toEqual([true, expect.stringMatching(/^PERMISSION_DENIED: notes\/1\/004\.md is not accessible/)]);
    const named = await call('TextSearch', { query: 'alpha', filePath: small[2] });
    expect([named.isError, named.content[0]!.text]).toEqual([true, expect.stringMatching(/^PERMISSION_DENIED: small\/s2\.md/)]);
  });

  it('the note made readable again: found again at the next call', async () => {
    await chmod(at(notes[4]!), 0o644);
    await chmod(at(small[2]!), 0o644);
    expect(await search()).toEqual({ files: all, skipped: [], totalSkipped: 0 });
    expect(await find()).toEqual({ notes: all.length, skipped: [], totalSkipped: 0 });
  });

  it('an unreadable folder, then one that can be entered but not listed: named as skipped, the rest answered; found again once readable', async () => {
    for (const mode of [0o000, 0o333]) {
      await chmod(at('notes/1'), mode);
      const skipped = [{ path: 'notes/1/', reason: notReadable }];
      expect(await search()).toEqual({ files: without((file) => file.startsWith('notes/1/')), skipped, totalSkipped: 1 });
      expect(await find()).toEqual({ notes: without((file) => file.startsWith('notes/1/')).length, skipped, totalSkipped: 1 });
      await chmod(at('notes/1'), 0o755);
      expect(await search()).toEqual({ files: all, skipped: [], totalSkipped: 0 });
      expect(await find()).toEqual({ notes: all.length, skipped: [], totalSkipped: 0 });
    }
  });
});
