import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useGitVaults } from './__fixtures__/open-git-vault.js';

const open = useGitVaults();

/** Files no tool of the vault shows (hidden, another extension), each with a secret. */
const secrets = { '.env': 'DB_PASSWORD=hunter2\n', '.obsidian/plugins/x/data.json': '{"apiKey":"sk-LEAKED"}\n', 'private.key': 'BEGIN KEY\n' };

/** A person's commit of `note.md` edited and of every secret file written. */
async function syncWithSecrets(root: string, git: (...args: string[]) => string): Promise<string> {
  await writeFile(path.join(root, 'note.md'), 'two\n');
  for (const [file, content] of Object.entries(secrets)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  git('add', '-A');
  git('commit', '-q', '-m', 'vault sync');
  return git('rev-parse', 'HEAD').trim();
}

describe('History shows what the vault shows', () => {
  it('diffs and names only the files the other tools show, counting the others, in a vault inside a larger repository too', async () => {
    for (const vaultFolder of [undefined, 'notes']) {
      const { vault, root, git } = await open({ 'note.md': 'one\n' }, vaultFolder === undefined ? {} : { vaultFolder });
      const change = await syncWithSecrets(root, git);
      const listed = await vault.call('History', {});
      expect(listed.changes[0]).toMatchObject({ id: change, files: ['note.md'], filesTotal: 1, filesNotShown: 3 });
      const text = vault.render('History', listed);
      const shown = await vault.call('History', { change });
      expect(shown.diff).toBe('diff --git a/note.md b/note.md\nindex 5626abf..f719efd 100644\n--- a/note.md\n+++ b/note.md\n@@ -1 +1 @@\n-one\n+two\n');
      const diffText = vault.render('History', shown);
      expect(diffText.split('\n')[1]).toBe('  files: note.md [+3 not visible in the vault (hidden, or other extensions), left out]');
      for (const answer of [text, diffText, JSON.stringify(listed), JSON.stringify(shown)]) {
        for (const [file, content] of Object.entries(secrets)) {
          expect(answer).not.toContain(file);
          expect(answer).not.toContain(content.trim());
        }
      }
    }
  });

  it('leaves out a change of only files the vault does not show, and refuses to show it', async () => {
    const { vault, root, git } = await open({ 'note.md': 'one\n' });
    await writeFile(path.join(root, '.env'), 'DB_PASSWORD=hunter2\n');
    git('add', '.env');
    git('commit', '-q', '-m', 'secret');
    const change = git('rev-parse', 'HEAD').trim();
    expect((await vault.call('History', {})).changes.map((listed) => listed.subject)).toEqual(['first']);
    await expect(vault.call('History', { change })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.not.stringContaining('.env') });
    await expect(vault.call('Undo', { change })).rejects.toMatchObject({ code: 'HIDDEN_PATH', message: expect.not.stringContaining('.env') });
  });

  it('shows hidden notes with allowHidden, files of other extensions still not', async () => {
    const { vault, root, git } = await open({ 'note.md': 'one\n' }, { vaultOptions: { allowHidden: true } });
    await mkdir(path.join(root, '.drafts'));
    await writeFile(path.join(root, '.drafts/d.md'), 'a hidden note\n');
    const change = await syncWithSecrets(root, git);
    const shown = await vault.call('History', { change });
    expect(shown.changes[0]).toMatchObject({ files: ['.drafts/d.md', 'note.md'], filesNotShown: 3 });
    expect(shown.diff).toContain('+a hidden note');
    expect(shown.diff).not.toContain('hunter2');
  });
});
