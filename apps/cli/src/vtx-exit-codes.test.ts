import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readFolder } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { useBuiltBin } from './__fixtures__/use-built-bin.js';

const seed = { 'notes/a.md': '# A\r\n\r\nalpha\r\n', 'notes/b.md': 'beta\nalphabet\n' };
const { bin, root, cli } = useBuiltBin(seed);

describe('the exit codes and messages of the vtx bin', () => {
  it('exits with the error code and the message on stderr, naming flags and commands', async () => {
    // Runs that change nothing, started at once.
    const [result, exists, usage] = await Promise.all([
      cli(['--vault', '.', 'read', 'notes/missing.md']),
      cli(['--vault', '.', 'create', 'notes/a.md', 'x']),
      cli(['read']),
    ]);
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'NOT_FOUND: notes/missing.md does not exist. Check the path with vtx ls or vtx search.\n' });
    expect(exists).toEqual({
      code: 3,
      stdout: '',
      stderr: 'ALREADY_EXISTS: notes/a.md already exists. Call again with --overwrite to replace it, or use vtx edit to change part of it.\n',
    });
    expect(usage.code).toBe(64);
    expect(await readFolder(root())).toEqual(seed);
  });

  it('names flags in the human output too', async () => {
    const read = await cli(['--vault', '.', 'read', 'notes/b.md', '--limit', '1']);
    expect(read).toMatchObject({ code: 0, stderr: '' });
    expect(read.stdout).toMatch(/ \| more: call again with --offset 2\]\n$/);
  });

  it('lists exit code 1 (search found nothing) and 70 in its help', async () => {
    const help = await cli(['--help']);
    expect(help.stdout).toContain('Exit codes:\n  0   success\n  1   search found nothing\n  2   NOT_FOUND\n');
    expect(help.stdout).toContain('  64  usage error\n  70  the CLI itself failed (not built, or crashed)\n');
  });

  it('stops quietly when the reader of its output goes away', async () => {
    await writeFile(path.join(root(), 'long.md'), 'alpha\n'.repeat(200_000));
    const result = await cli(['--vault', '.', 'search', 'alpha', '--max-results', '200000'], { closeStdoutEarly: true });
    expect(result).toMatchObject({ code: 0, stderr: '' });
  });

  it.each([
    ['its help', ['--help']],
    ['a search', ['--vault', '.', 'search', 'alpha']],
    ['an error as JSON', ['--vault', '.', '--json', 'read', 'notes/missing.md']],
  ])('exits with IO_ERROR (17) and its message, not a crash, when its output cannot be written (a full device): %s', async (_, args) => {
    const full = openSync('/dev/full', 'w');
    try {
      const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', full, 'pipe'], cwd: root() });
      let stderr = '';
      child.stderr!.on('data', (chunk) => (stderr += chunk));
      const [code] = (await once(child, 'exit')) as [number];
      expect({ code, stderr }).toEqual({
        code: 17,
        stderr: 'IO_ERROR: The output could not be written: ENOSPC: no space left on device, write. Free room where it goes, or send it elsewhere.\n',
      });
    } finally {
      closeSync(full);
    }
  });
});
