import { readFolder } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { useBuiltBin } from './__fixtures__/use-built-bin.js';

const seed = { 'notes/a.md': '# A\r\n\r\nalpha\r\n', 'notes/b.md': 'beta\nalphabet\n' };
const { root, cli } = useBuiltBin(seed);

/** What the bin says on stderr when the vault is the current folder because nothing named one. */
const currentFolderNotice = () => `vtx: using the current folder ${root()} as the vault (pass --vault or set VAULT_PATH)\n`;

describe('the vtx bin', () => {
  it('reads, edits from stdin, searches and removes, on the current folder as the vault, saying so on stderr', async () => {
    // The read and the search only read; the edit and the removal touch a file each: each pair started at once.
    const [read, search] = await Promise.all([cli(['read', 'notes/a.md']), cli(['search', 'alpha'])]);
    expect(read).toMatchObject({ code: 0, stderr: currentFolderNotice() });
    expect(read.stdout).toMatch(/^1: # A\n2: \n3: alpha\n\[notes\/a\.md \| totalLines: 3 \| fileHash: [0-9a-f]{16} \| lineEnding: crlf \| shown: 1-3\]\n$/);
    expect(search).toEqual({
      code: 0,
      stderr: currentFolderNotice(),
      stdout: 'notes/a.md\n3: alpha\nnotes/b.md\n2: alphabet\n[2 matching lines in 2 files]\n',
    });

    const [edit, remove] = await Promise.all([
      cli(['edit', 'notes/a.md', '--old', 'alpha', '--new-file', '-'], { stdin: 'alpha\nomega' }),
      cli(['--json', 'rm', 'notes/b.md']),
    ]);
    expect(edit).toMatchObject({ code: 0, stderr: currentFolderNotice() });
    expect(edit.stdout).toContain('4: omega');
    expect(remove).toMatchObject({ code: 0, stderr: currentFolderNotice() });
    expect(JSON.parse(remove.stdout)).toEqual({ path: 'notes/b.md', trashPath: '.trash/notes/b.md', linkedFrom: [], linkedFromTotal: 0 });

    expect(await readFolder(root())).toEqual({ 'notes/a.md': '# A\r\n\r\nalpha\r\nomega\r\n', '.trash/notes/b.md': 'beta\nalphabet\n' });
  });

  it('says nothing of the vault when --vault or VAULT_PATH names it', async () => {
    // Read-only runs, started at once (each is a process of its own).
    const [named, fromEnv] = await Promise.all([cli(['--vault', '.', 'search', '-q', 'beta']), cli(['search', '-q', 'beta'], { env: { VAULT_PATH: root() } })]);
    expect(named).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(fromEnv).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});
