import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useGitVaults } from './__fixtures__/open-git-vault.js';

const open = useGitVaults();

// Names a shell, a glob, a pathspec or a line-based parser would misread; each is one literal path to git.
const names = ['with space.md', 'quote\'s "double".md', '-rf.md', '--output=x.md', ':(glob)*.md', '*.md', 'line\nbreak.md', 'tab\there.md', 'ünïcödé 日本.md'];

describe('file names git could misread are committed as exactly themselves', () => {
  it.each(names)('%j: an edit commits that file alone, History and TextRead at find it', async (name) => {
    const seed = { [name]: 'old\n', 'a.md': 'a\n', 'b.md': 'b\n' };
    const { vault, git, lastChanged, status } = await open(seed);
    await vault.call('TextEdit', { filePath: name, oldString: 'old', newString: 'new' });
    expect(git('show', '--format=', '--name-only', '-z', 'HEAD')).toBe(`${name}\0`);
    expect(lastChanged()).toHaveLength(1);
    const changes = (await vault.call('History', { filePath: name })).changes;
    expect(changes.map((change) => change.files)).toEqual([[name], [name, 'a.md', 'b.md'].sort()]);
    const old = await vault.call('TextRead', { filePath: name, at: changes[1]!.id });
    expect(old.lines.map((line) => line.text)).toEqual(['old']);
    await vault.call('Undo', { change: changes[0]!.id });
    expect(git('show', `HEAD:${name}`)).toBe('old\n');
    expect(status()).toEqual([]);
  });

  it('outside the vault folder, nothing is committed or touched', async () => {
    const { vault, top, git } = await open({ 'a.md': 'a\n' }, { vaultFolder: 'vault' });
    await writeFile(path.join(top, 'outside.md'), 'person\n');
    await vault.call('TextCreate', { filePath: 'b.md', content: 'b\n' });
    expect(git('show', '--format=', '--name-only', 'HEAD')).toBe('vault/b.md\n');
    expect(git('status', '--porcelain')).toBe('?? outside.md\n');
  });
});
