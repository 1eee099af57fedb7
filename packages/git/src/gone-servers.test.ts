import { spawn, spawnSync } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createVault } from '@vault/core';
import { createNodeFs } from '@vault/node';
import { createTempRepository, type TempRepository } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { withGitHistory } from './with-git-history.js';

let cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function repositoryOf(seed: Record<string, string>): Promise<TempRepository> {
  const repository = await createTempRepository(seed);
  cleanups.push(repository.remove);
  return repository;
}

async function historyOn(top: string, wrap: (fs: Awaited<ReturnType<typeof createNodeFs>>) => Awaited<ReturnType<typeof createNodeFs>> = (fs) => fs) {
  const fs = await withGitHistory(wrap(await createNodeFs(top)));
  cleanups.push(() => fs.close());
  return createVault(fs);
}

const toolsFolder = (top: string) => path.join(top, '.git', 'vault-text-tools');
const endedPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

// The tools' files of a server (its journal, its branch move, its scratch files) are finished or removed by the next start
// when that server is gone, and only then.
describe('the files a server leaves, and whose they are', () => {
  it("a second backend started in the same process leaves the first one's journal alone (before: both had journal-PID.json, and the start recorded the other's call as a restart's)", async () => {
    const { top, subjects } = await repositoryOf({ 'a.md': 'apple\n' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const written = new Promise<void>((resolve) => (held = resolve));
    const first = await historyOn(top, (fs) => ({
      ...fs,
      async writeFile(file, data, options) {
        await fs.writeFile(file, data, options);
        held();
        await gate;
      },
    }));
    const call = first.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
    await written;
    // The first call wrote and is not yet committed: its journal names a.md.
    expect((await readdir(toolsFolder(top))).filter((name) => name.startsWith('journal-'))).toHaveLength(1);
    await historyOn(top);
    release();
    await call;
    expect(subjects()).toEqual(['TextEdit: a.md', 'first']);
  });

  it('a journal whose PID a live process now has, started after the server that wrote it, is recorded at start', async () => {
    const { top, subjects } = await repositoryOf({ 'a.md': 'apple\n' });
    // A process that is not the server but took its PID: alive, with another start token.
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    cleanups.push(() => other.kill('SIGKILL'));
    await mkdir(toolsFolder(top), { recursive: true });
    const entry = { meta: { tool: 'TextEdit' }, agent: 'gone-agent', paths: ['a.md'], started: 'linux:1' };
    await writeFile(path.join(toolsFolder(top), `journal-${other.pid}.json`), JSON.stringify(entry));
    await writeFile(path.join(top, 'a.md'), 'quince\n');
    await historyOn(top);
    expect(subjects()).toEqual(['TextEdit: a.md (recorded after a restart)', 'first']);
    expect(await readdir(toolsFolder(top))).not.toContain(`journal-${other.pid}.json`);
  });

  it('a journal of another backend of this running process is left alone', async () => {
    const { top, subjects } = await repositoryOf({ 'a.md': 'apple\n' });
    await mkdir(toolsFolder(top), { recursive: true });
    // This test's own process stands for the live server: a journal it signed as another backend of it.
    const name = `journal-${process.pid}-999.json`;
    await writeFile(path.join(toolsFolder(top), name), JSON.stringify({ meta: { tool: 'TextEdit' }, agent: 'live', paths: ['a.md'] }));
    await writeFile(path.join(top, 'a.md'), 'quince\n');
    await historyOn(top);
    expect(subjects()).toEqual(['first']);
    expect(await readdir(toolsFolder(top))).toContain(name);
  });

  it('the scratch files of a killed server (object writers, private indexes) are removed at start; a live server’s are kept', async () => {
    const { top } = await repositoryOf({ 'a.md': 'apple\n' });
    const gone = endedPid();
    const left = [`vault-commit-${gone}-1`, `vault-tree-${gone}-2`, `vault-index-${gone}-3`, `vault-replay-${gone}-4`];
    const live = `vault-commit-${process.ppid}-1`;
    for (const name of [...left, live]) await writeFile(path.join(top, '.git', name), 'scratch');
    await historyOn(top);
    const after = await readdir(path.join(top, '.git'));
    expect(after.filter((name) => left.includes(name))).toEqual([]);
    expect(after).toContain(live);
  });
});
