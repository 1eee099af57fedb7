import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { personEnv } from '@vault/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createHookedGit, realGit } from '../__fixtures__/hooked-git.js';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const hooked = createHookedGit();
afterEach(() => hooked.clear('before', 'cat-file'));
afterAll(() => hooked.remove());
const read = (top: string, file: string) => readFile(path.join(top, file), 'utf8');

// A fetch brings several files; the disk was checked (hashed) as they were, and a person saves one of
// them before the fetch writes it: the save is kept (checked again right before each rename), and said.
describe('a save made while a fetch brings files over', () => {
  it("is kept: the fetch checks each file again right before renaming over it, and leaves the person's version", async () => {
    const remote = await open({ 'a.md': 'apple\n', 'b.md': 'bee\n', 'c.md': 'sea\n' }, 1);
    const writer = remote.clones[0]!;
    // The fetch hashes the files on disk, then reads each new blob from the kept `cat-file --batch` before it writes the
    // file: that process is answered here, one request at a time, and the person saves a.md when the remote's a.md is asked for.
    const quince = execFileSync('git', ['hash-object', '--stdin'], { input: 'quince\n', encoding: 'utf8' }).trim();
    hooked.hook(
      'before',
      'cat-file',
      `case "$*" in *--batch-check*|*--batch-command*) exit 0;; *--batch*) ;; *) exit 0;; esac
while read -r name; do
  if [ "$name" = "${quince}" ]; then printf "the person's save\\n" > "${path.join(remote.bare, '..', 'clone-2', 'a.md')}"; fi
  echo "$name" | "${realGit}" cat-file --batch
done`,
    );
    const reader = await remote.addClone({}, { gitPath: hooked.gitPath });
    expect(reader.top).toBe(path.join(remote.bare, '..', 'clone-2'));
    await writer.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
    await writer.vault.call('TextEdit', { filePath: 'b.md', oldString: 'bee', newString: 'wasp' });
    const warnings: string[] = [];
    const hear = (warning: Error) => warnings.push(warning.message);
    process.on('warning', hear);
    try {
      await reader.vault.call('TextEdit', { filePath: 'c.md', oldString: 'sea', newString: 'ocean' });
    } finally {
      process.off('warning', hear);
    }
    expect(await read(reader.top, 'a.md')).toBe("the person's save\n");
    expect(await read(reader.top, 'b.md')).toBe('wasp\n');
    expect(warnings.some((warning) => warning.includes('a.md changed on disk and on the remote'))).toBe(true);
    expect(reader.git('rev-parse', 'HEAD')).toBe(remote.remoteGit('rev-parse', 'main'));
    expect(reader.git('status', '--porcelain')).toBe(' M a.md\n');
    expect(remote.remoteGit('show', 'main:a.md')).toBe('quince\n');
  });
});

describe('a fetch that turns folders into files and back', () => {
  it("a folder the remote made a file (and a file made a folder) is brought over; a person's file in the way of a folder is kept", async () => {
    const remote = await open({ 'a.md': 'apple\n', 'x.md/y.md': 'why\n', 'f.md': 'eff\n' }, 0);
    const reader = await remote.addClone();
    // Another server (a plain clone) turns the folder x.md into a file, the file f.md into a folder, and adds d/e.md.
    const other = path.join(remote.bare, '..', 'other');
    const otherGit = (...args: string[]) => execFileSync('git', args, { cwd: other, encoding: 'utf8', env: { ...process.env, ...personEnv } });
    execFileSync('git', ['clone', '-q', remote.bare, other], { env: { ...process.env, ...personEnv } });
    otherGit('rm', '-q', 'x.md/y.md', 'f.md');
    await mkdir(path.join(other, 'f.md'));
    await mkdir(path.join(other, 'd'));
    await writeFile(path.join(other, 'x.md'), 'ex\n');
    await writeFile(path.join(other, 'f.md', 'g.md'), 'gee\n');
    await writeFile(path.join(other, 'd', 'e.md'), 'ee\n');
    otherGit('add', '-A');
    otherGit('commit', '-q', '-m', 'shapes');
    otherGit('push', '-q', 'origin', 'main');
    // On the reader, a person has a file named d.
    await writeFile(path.join(reader.top, 'd'), "the person's d\n");
    await reader.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
    expect(await read(reader.top, 'x.md')).toBe('ex\n');
    expect(await read(reader.top, 'f.md/g.md')).toBe('gee\n');
    expect(await read(reader.top, 'd')).toBe("the person's d\n");
    expect(reader.git('rev-parse', 'HEAD')).toBe(remote.remoteGit('rev-parse', 'main'));
    expect(remote.remoteGit('show', 'main:a.md')).toBe('quince\n');
  });
});
