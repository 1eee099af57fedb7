import { describe, expect, it } from 'vitest';
import { useGitVaults } from './__fixtures__/open-git-vault.js';

const open = useGitVaults();

describe('every call that changes files is one commit', () => {
  it('TextEdit: one commit of the one file, the tool and agent in trailers, the agent as author, the server as committer', async () => {
    const { vault, git, subjects, lastChanged, status } = await open({ 'notes/a.md': 'one\ntwo\n', 'b.md': 'b\n' });
    await vault.call('TextEdit', { filePath: 'notes/a.md', oldString: 'two', newString: 'three' }, { agent: 'claude-ai 0.1.0' });
    expect(subjects()).toEqual(['TextEdit: notes/a.md', 'first']);
    expect(lastChanged()).toEqual(['M\tnotes/a.md']);
    expect(git('log', '-1', '--format=%an <%ae>|%cn <%ce>')).toBe(
      'claude-ai 0.1.0 <claude-ai-0.1.0@vault-text-tools.invalid>|vault-text-tools <vault-text-tools@vault-text-tools.invalid>\n',
    );
    expect(git('log', '-1', '--format=%(trailers)')).toBe('Vault-Tool: TextEdit\nVault-Agent: claude-ai 0.1.0\n\n');
    expect(git('show', 'HEAD:notes/a.md')).toBe('one\nthree\n');
    expect(status()).toEqual([]);
  });

  it('TextCreate, RemoveFile (a rename into .trash/) and Move with its rewritten links: one commit each, holding exactly what changed', async () => {
    const { vault, subjects, lastChanged, status } = await open({ 'a.md': 'see [[b]]\n', 'b.md': 'b\n', 'c.md': 'c\n' });
    await vault.call('TextCreate', { filePath: 'new/d.md', content: 'd\n' });
    expect(lastChanged()).toEqual(['A\tnew/d.md']);
    await vault.call('RemoveFile', { filePath: 'c.md' });
    expect(lastChanged()).toEqual(['A\t.trash/c.md', 'D\tc.md']);
    await vault.call('Move', { sourcePath: 'b.md', destinationPath: 'sub/b2.md' });
    expect(lastChanged()).toEqual(['M\ta.md', 'D\tb.md', 'A\tsub/b2.md']);
    expect(subjects()).toEqual(['Move: b.md -> sub/b2.md (+1 link)', 'RemoveFile: c.md', 'TextCreate: new/d.md', 'first']);
    expect(status()).toEqual([]);
  });

  it('a refused call, and a dry run, commit nothing', async () => {
    const { vault, subjects } = await open({ 'a.md': 'a\n' });
    await expect(vault.call('TextEdit', { filePath: 'a.md', oldString: 'zzz', newString: 'y' })).rejects.toMatchObject({ code: 'NO_MATCH' });
    await expect(vault.call('TextCreate', { filePath: 'a.md', content: 'x' })).rejects.toMatchObject({ code: 'ALREADY_EXISTS' });
    await vault.call('Move', { sourcePath: 'a.md', destinationPath: 'b.md', dryRun: true });
    expect(subjects()).toEqual(['first']);
  });

  it('a folder Move is one commit of every file in it', async () => {
    const { vault, lastChanged, status } = await open({ 'p/x.md': 'x\n', 'p/q/y.md': 'y\n', 'z.md': '[[x]]\n' });
    await vault.call('Move', { sourcePath: 'p', destinationPath: 'archive/p' });
    expect(lastChanged()).toEqual(['A\tarchive/p/q/y.md', 'A\tarchive/p/x.md', 'D\tp/q/y.md', 'D\tp/x.md']);
    expect(status()).toEqual([]);
  });

  it("a folder Move that rewrites its moved notes' own links is one commit too (before: each such note was first committed apart, as an outside change)", async () => {
    const { vault, subjects, lastChanged, status } = await open({ 'p/x.md': '[z](../z.md)\n', 'p/q/y.md': '[z](../../z.md)\n', 'z.md': 'z\n' });
    await vault.call('Move', { sourcePath: 'p', destinationPath: 'archive/p' });
    expect(subjects()).toEqual(['Move: p -> archive/p (+2 links)', 'first']);
    expect(lastChanged()).toEqual(['A\tarchive/p/q/y.md', 'A\tarchive/p/x.md', 'D\tp/q/y.md', 'D\tp/x.md']);
    expect(status()).toEqual([]);
  });
});

describe('what anything else changed is never put on an agent', () => {
  it('a file changed outside since the last commit is committed first, apart, as an outside change', async () => {
    const { vault, subjects, git, status } = await open({ 'a.md': 'one\n' }, { uncommitted: { 'a.md': 'one\nperson\n' } });
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'person', newString: 'agent' }, { agent: 'bot 1' });
    expect(subjects()).toEqual(['TextEdit: a.md', 'Outside change: a.md', 'first']);
    expect(git('show', 'HEAD~1:a.md')).toBe('one\nperson\n');
    expect(git('log', '-1', '--format=%an', 'HEAD~1')).toBe('Outside the vault tools\n');
    expect(status()).toEqual([]);
  });

  it("a person's staged and unstaged changes to other paths stay exactly as they were", async () => {
    const { vault, git, status, root } = await open({ 'a.md': 'a\n', 'staged.md': 's\n', 'unstaged.md': 'u\n' });
    const { writeFile } = await import('node:fs/promises');
    await writeFile(`${root}/staged.md`, 's2\n');
    git('add', 'staged.md');
    await writeFile(`${root}/unstaged.md`, 'u2\n');
    await writeFile(`${root}/untracked.md`, 'new\n');
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'b' });
    expect(status()).toEqual(['M  staged.md', ' M unstaged.md', '?? untracked.md']);
    expect(git('diff', '--cached', '--name-only')).toBe('staged.md\n');
  });

  it('a vault inside a larger repository: commits touch only the vault, paths are vault-relative', async () => {
    const { vault, git, lastChanged, status } = await open({ 'a.md': 'a\n' }, { vaultFolder: 'docs/vault' });
    await vault.call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'b' });
    expect(lastChanged()).toEqual(['M\tdocs/vault/a.md']);
    expect(git('log', '-1', '--format=%s')).toBe('TextEdit: a.md\n');
    const listed = await vault.call('History', {});
    expect(listed.changes.map((change) => [change.subject, change.files])).toEqual([
      ['TextEdit: a.md', ['a.md']],
      ['first', ['a.md']],
    ]);
    expect(status()).toEqual([]);
  });
});

describe('outside changes found while a Move rewrites links', () => {
  it('linking notes a person changed or made are committed first, apart; the Move holds only its own changes', async () => {
    const { vault, subjects, git, status } = await open(
      { 'a.md': 'a\n', 'docs/one.md': '[l](../a.md)\n', 'docs/two.md': 'x [l](../a.md)\n', 'docs/three.md': '[l](../a.md)\n' },
      { uncommitted: { 'docs/two.md': 'person wrote this\nx [l](../a.md)\n', 'docs/new.md': 'untracked [l](../a.md)\n' } },
    );
    await vault.call('Move', { sourcePath: 'a.md', destinationPath: 'z/a.md' });
    // The Move writes its linking notes at once: their outside changes are committed in the order their checks end.
    const [move, ...before] = subjects();
    expect(move).toBe('Move: a.md -> z/a.md (+4 links)');
    expect(before.slice(0, 2).sort()).toEqual(['Outside change: docs/new.md', 'Outside change: docs/two.md']);
    expect(before[2]).toBe('first');
    expect(before).toHaveLength(3);
    expect(git('show', 'HEAD~1:docs/two.md')).toBe('person wrote this\nx [l](../a.md)\n');
    expect(git('show', 'HEAD:docs/two.md')).toBe('person wrote this\nx [l](../z/a.md)\n');
    expect(git('show', '--format=', '--name-status', '--no-renames', 'HEAD')).toBe(
      'D\ta.md\nM\tdocs/new.md\nM\tdocs/one.md\nM\tdocs/three.md\nM\tdocs/two.md\nA\tz/a.md\n',
    );
    expect(status()).toEqual([]);
  });
});
