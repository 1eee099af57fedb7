import { execFileSync } from 'node:child_process';
import { mkdtemp, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTempRepository, personEnv, type TempRepository } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { openRepository } from '../open-repository.js';
import { bringPath } from './bring-over.js';

let repository: TempRepository | undefined;
let outside: string | undefined;
afterEach(async () => {
  await repository?.remove();
  if (outside) await rm(outside, { recursive: true, force: true });
  [repository, outside] = [undefined, undefined];
});

// A mode-only change brought over (chmod +x on the remote) while someone swaps the file for a symlink to a file outside
// the vault, after the file was looked at and before its mode changes: the outside file keeps its mode.
describe('a mode change brought over while the file is swapped for a symlink', () => {
  it('never changes the mode of the symlink target outside the vault', async () => {
    repository = await createTempRepository({ 'a.md': 'apple\n' });
    const top = repository.top;
    outside = await mkdtemp(path.join(tmpdir(), 'vault-outside-'));
    const secret = path.join(outside, 'secret.txt');
    await writeFile(secret, 'secret\n', { mode: 0o644 });
    const id = execFileSync('git', ['hash-object', 'a.md'], { cwd: top, env: { ...process.env, ...personEnv }, encoding: 'utf8' }).trim();
    const opened = await openRepository(top, 'git');
    try {
      const outcome = await bringPath(opened, 'a.md', { file: 'a.md', old: { mode: '100644', id }, next: { mode: '100755', id } }, id, async () => {
        // The last look before the disk changes: the swap lands right after it.
        await rename(path.join(top, 'a.md'), path.join(top, 'a.md.moved'));
        await symlink(secret, path.join(top, 'a.md'));
      });
      expect((await stat(secret)).mode & 0o777).toBe(0o644);
      expect(outcome).toBe('changed');
    } finally {
      await opened.close();
    }
  });
});
