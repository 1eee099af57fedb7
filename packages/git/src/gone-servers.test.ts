import { spawn, spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
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

  it("a killed call taken back at start keeps the files as they were on disk in a commit first (a person's edit made while the server was down)", async () => {
    const { top, subjects, git } = await repositoryOf({ 'my note.md': 'v1\n' });
    await mkdir(toolsFolder(top), { recursive: true });
    const head = git('rev-parse', 'HEAD').trim();
    const journal = (tool: string, file: string) => ({
      meta: { tool },
      agent: 'gone-agent',
      paths: [file],
      steps: [{ write: file }],
      ref: 'refs/heads/main',
      head,
      done: false,
      started: 'linux:1',
    });
    await writeFile(path.join(toolsFolder(top), `journal-${endedPid()}-1.json`), JSON.stringify(journal('TextEdit', 'my note.md')));
    await writeFile(path.join(toolsFolder(top), `journal-${endedPid()}-1.json`), JSON.stringify(journal('TextCreate', 'ideas.md')));
    // The killed call's write, then the person's edit and new note, before the restart.
    await writeFile(path.join(top, 'my note.md'), 'v1\nagent line\nperson line\n');
    await writeFile(path.join(top, 'ideas.md'), 'person note\n');
    await historyOn(top);
    // Taken back, nothing recorded on the branch; both kept, under refs/vault/taken-back/.
    expect(await readFile(path.join(top, 'my note.md'), 'utf8')).toBe('v1\n');
    expect(subjects()).toEqual(['first']);
    const kept = git('for-each-ref', '--format=%(objectname)', 'refs/vault/taken-back/').split('\n').filter(Boolean);
    expect(kept).toHaveLength(2);
    const shown = kept.map((commit) => git('show', '--format=', commit)).join('\n');
    expect(shown).toContain('+person line');
    expect(shown).toContain('+person note');
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
