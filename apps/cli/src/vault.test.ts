import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createTempFolder, readFolder, type TempFolder } from '@vault/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/vault.js', import.meta.url));
const seed = { 'notes/a.md': '# A\r\n\r\nalpha\r\n', 'notes/b.md': 'beta\nalphabet\n' };

let vault: TempFolder;
beforeEach(async () => {
  vault = await createTempFolder(seed);
});
afterEach(async () => {
  await vault.remove();
});

/** Runs the built bin on the temp vault (its working folder), with `stdin` piped in, to its end. */
async function cli(args: string[], { stdin = '', closeStdoutEarly = false } = {}) {
  // CI=true is what `.ci/run` sets: it must not turn colours on for a pipe.
  const child = spawn(process.execPath, [bin, ...args], { cwd: vault.path, env: { ...process.env, VAULT_PATH: '', NO_COLOR: '', FORCE_COLOR: '', CI: 'true' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    if (closeStdoutEarly) child.stdout.destroy();
  });
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(stdin);
  const [code] = (await once(child, 'exit')) as [number];
  return { code, stdout, stderr };
}

describe('the vault bin', () => {
  it('reads, edits from stdin, searches and removes, on the current folder as the vault', async () => {
    const read = await cli(['read', 'notes/a.md']);
    expect(read).toMatchObject({ code: 0, stderr: '' });
    expect(read.stdout).toMatch(/^1: # A\n2: \n3: alpha\n\[notes\/a\.md \| totalLines: 3 \| fileHash: [0-9a-f]{16} \| lineEnding: crlf \| shown: 1-3\]\n$/);

    const edit = await cli(['edit', 'notes/a.md', '--old', 'alpha', '--new-file', '-'], { stdin: 'alpha\nomega' });
    expect(edit).toMatchObject({ code: 0, stderr: '' });
    expect(edit.stdout).toContain('4: omega');

    const search = await cli(['search', 'alpha']);
    expect(search).toEqual({ code: 0, stderr: '', stdout: 'notes/a.md\n3: alpha\nnotes/b.md\n2: alphabet\n[2 matching lines in 2 files]\n' });

    const remove = await cli(['--json', 'rm', 'notes/b.md']);
    expect(remove).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(remove.stdout)).toEqual({ path: 'notes/b.md', trashPath: '.trash/notes/b.md' });

    expect(await readFolder(vault.path)).toEqual({ 'notes/a.md': '# A\r\n\r\nalpha\r\nomega\r\n', '.trash/notes/b.md': 'beta\nalphabet\n' });
  });

  it('exits with the error code and the message on stderr', async () => {
    const result = await cli(['read', 'notes/missing.md']);
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'NOT_FOUND: notes/missing.md does not exist. Check the path with ListFiles or TextSearch.\n' });
    expect((await cli(['read'])).code).toBe(64);
  });

  it('stops quietly when the reader of its output goes away', async () => {
    await cli(['create', 'long.md', '-'], { stdin: 'alpha\n'.repeat(200_000) });
    const result = await cli(['search', 'alpha', '--max-results', '200000'], { closeStdoutEarly: true });
    expect(result).toMatchObject({ code: 0, stderr: '' });
  });
});
