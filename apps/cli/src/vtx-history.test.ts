import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTempRepository, personEnv, type TempRepository } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/vtx.js', import.meta.url));

let repository: TempRepository;
afterEach(() => repository.remove());

/** Runs the built bin in the repository's vault; resolves to its exit code and output. */
async function vtx(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], {
      cwd: repository.vault,
      env: { ...process.env, ...personEnv, VAULT_PATH: '', NO_COLOR: '1' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('vtx --git --git-remote origin', () => {
  it('fetches first and is done once the remote has the change; a change the remote refuses is applied nowhere', async () => {
    repository = await createTempRepository({ 'a.md': 'alpha\n' });
    const bare = `${repository.top}/remote.git`;
    const work = `${repository.top}/work`;
    repository.git('clone', '-q', '--bare', '.', bare);
    repository.git('clone', '-q', bare, work);
    // Another clone moved the remote meanwhile: the command fetches it before writing.
    repository.git('commit', '-q', '--allow-empty', '-m', 'elsewhere');
    repository.git('push', '-q', bare, 'HEAD:main');
    expect((await vtx('--vault', work, '--git', '--git-remote', 'origin', 'edit', 'a.md', '--old', 'alpha', '--new', 'omega')).code).toBe(0);
    expect(repository.git('--git-dir', bare, 'log', '--format=%s', 'main')).toBe('TextEdit: a.md\nelsewhere\nfirst\n');
    expect(repository.git('--git-dir', bare, 'show', 'main:a.md')).toBe('omega\n');

    await writeFile(`${bare}/hooks/pre-receive`, '#!/bin/sh\necho "frozen" >&2\nexit 1\n', { mode: 0o755 });
    const refused = await vtx('--vault', work, '--git', '--git-remote', 'origin', 'edit', 'a.md', '--old', 'omega', '--new', 'delta');
    expect(refused.code).toBe(17);
    expect(refused.stderr).toMatch(/^IO_ERROR: The git remote origin refused the change \(.*frozen\)/);
    expect(await readFile(`${work}/a.md`, 'utf8')).toBe('omega\n');
  });
});

describe('vtx --git', () => {
  it('edits as one commit, and log, show, read --at, undo and restore work on it', async () => {
    repository = await createTempRepository({ 'a.md': 'alpha\n', 'b.md': 'beta\n' });
    expect((await vtx('--git', 'edit', 'a.md', '--old', 'alpha', '--new', 'omega')).code).toBe(0);
    expect(repository.git('log', '-1', '--format=%an|%s|%(trailers:key=Vault-Tool,valueonly)')).toMatch(/^vtx \S+\|TextEdit: a\.md\|TextEdit\n/);

    const log = await vtx('--git', '--json', 'log', 'a.md');
    const [edit, first] = JSON.parse(log.stdout).changes as { id: string; subject: string }[];
    expect([edit!.subject, first!.subject]).toEqual(['TextEdit: a.md', 'first']);
    expect((await vtx('--git', 'log', 'a.md')).stdout).toMatch(/^[0-9a-f]{12} \S+ vtx \S+ \| TextEdit: a\.md\n {2}files: a\.md\n/);

    expect((await vtx('--git', 'show', edit!.id)).stdout).toContain('-alpha\n+omega\n');
    expect((await vtx('--git', 'read', 'a.md', '--at', first!.id)).stdout).toMatch(/^1: alpha\n/);

    expect((await vtx('--git', 'undo', edit!.id)).code).toBe(0);
    expect(await readFile(`${repository.vault}/a.md`, 'utf8')).toBe('alpha\n');

    expect((await vtx('--git', 'rm', 'b.md')).code).toBe(0);
    const restored = await vtx('--git', 'restore', 'b.md', first!.id);
    expect(restored.stdout).toBe(`b.md is back, as it was after change ${first!.id.slice(0, 12)}. fileHash: f2c82decdd7181cf\n`);
    expect(repository.subjects()).toHaveLength(5);
    expect(repository.git('status', '--porcelain')).toBe('');
  });

  it('refuses what needs history without --git, and a bad change id, with the exit code of the error', async () => {
    repository = await createTempRepository({ 'a.md': 'a\n' });
    const without = await vtx('--vault', '.', 'log');
    expect(without.stderr).toBe("INVALID_ARGUMENT: vtx log needs the vault's history, which is off. Start the server or the CLI with --git.\n");
    const bad = await vtx('--vault', '.', '--git', 'undo', 'xyz');
    expect(bad.stderr).toBe(
      'INVALID_ARGUMENT: Invalid input for vtx undo: ✖ a change id is 7 to 64 hex characters, as vtx log shows it (for example 3f2a9c1b0d4e)\n  → at change. Fix the arguments and call again.\n',
    );
    expect(bad.code).toBe(without.code);
    const at = await vtx('--vault', '.', 'read', 'a.md', '--at', 'abcdef1');
    expect([at.code, at.stderr]).toEqual([64, '--at reads an earlier version from the history: pass --git too.\n(add --help for usage)\n']);
  });
});
