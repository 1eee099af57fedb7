import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();

// Names a shell, a glob, a pathspec or a line-based parser would misread: pushed, fetched, replayed
// and brought to the other clone's work tree as exactly themselves.
const names = ['with space.md', 'quote\'s "double".md', '-rf.md', '--output=x.md', ':(glob)*.md', '*.md', 'line\nbreak.md', 'tab\there.md', 'ünïcödé 日本.md'];

describe('file names git could misread, shared through a remote', () => {
  it('edits of each on one server reach the other clone, each file as itself, and a replay keeps them', async () => {
    const { clones, remoteGit } = await open(Object.fromEntries([...names.map((name) => [name, 'old\n']), ['a.md', 'a\n']]), 2);
    const [first, second] = clones;
    await Promise.all(names.map((name) => first!.vault.call('TextEdit', { filePath: name, oldString: 'old', newString: 'new' })));
    // The second server is behind on every name: its write fetches them, and its commit lands on top.
    await second!.vault.call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'b' });
    for (const name of names) {
      expect(await readFile(path.join(second!.top, name), 'utf8')).toBe('new\n');
      expect(remoteGit('show', `main:${name}`)).toBe('new\n');
    }
    expect(second!.git('status', '--porcelain')).toBe('');
    expect(second!.git('rev-parse', 'HEAD')).toBe(remoteGit('rev-parse', 'main'));
    // The first server is behind on a.md only: a write of a hostile name lands on top of it.
    await first!.vault.call('TextEdit', { filePath: names[6]!, oldString: 'new', newString: 'newer' });
    expect(remoteGit('show', '--format=', '--name-only', '-z', 'main')).toBe(`${names[6]}\0`);
    expect(await readFile(path.join(first!.top, 'a.md'), 'utf8')).toBe('b\n');
  });
});
