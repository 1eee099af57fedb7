import { execFileSync } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createVault } from '@vault/core';
import { withGitHistory } from '@vault/git';
import { createNodeFs } from '@vault/node';
import { createTempRepository, personEnv } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitSteps, createKillingGit } from './__fixtures__/killing-git.js';
import { bin } from './__fixtures__/serve-bin.js';

let killingGit: string;
beforeAll(async () => {
  killingGit = await createKillingGit(execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim());
});
afterAll(() => rm(killingGit, { recursive: true, force: true }));

// The server is killed (SIGKILL) before and after each git command of a commit; a restart then finds
// the vault and the repository agreeing: the edit is on disk only if it is in a commit, once, and
// git status is clean. Steps before the write leave the file as it was.
describe('vault-mcp --git killed at every step of a commit', () => {
  const cases = commitSteps.flatMap((step) => (['before', 'after'] as const).map((when) => ({ step, when })));
  it.each(cases)('$when $step: after a restart, the write is in exactly one commit or not on disk', async ({ step, when }) => {
    const repository = await createTempRepository({ 'a.md': 'alpha\n' });
    try {
      const client = new Client({ name: 'killed', version: '1.0.0' });
      const env = { ...process.env, ...personEnv, PATH: `${killingGit}:${process.env.PATH}`, KILL_AT: step, KILL_WHEN: when };
      const transport = new StdioClientTransport({ command: process.execPath, args: [bin, '--vault', repository.vault, '--git'], env, stderr: 'pipe' });
      const closed = new Promise<void>((resolve) => (client.onclose = resolve));
      await client.connect(transport);
      await client.callTool({ name: 'TextEdit', arguments: { filePath: 'a.md', oldString: 'alpha', newString: 'omega' } }).catch(() => undefined);
      await closed;

      // The restart: opening the vault with history again.
      const fs = await withGitHistory(await createNodeFs(repository.vault));
      const vault = createVault(fs);
      const onDisk = await readFile(`${repository.vault}/a.md`, 'utf8');
      const subjects = repository.subjects();
      if (onDisk === 'alpha\n') expect(subjects).toEqual(['first']);
      else {
        expect(onDisk).toBe('omega\n');
        expect(subjects).toHaveLength(2);
        expect(subjects[0]).toMatch(/^TextEdit: a\.md( \(recorded after a restart\))?$/);
        expect(repository.git('show', 'HEAD:a.md')).toBe('omega\n');
      }
      expect(repository.git('status', '--porcelain', '--untracked-files=all')).toBe('');
      expect(await readdir(`${repository.top}/.git/vault-text-tools`).catch(() => [])).toEqual([]);
      // And the vault works on: the next change is one commit.
      await vault.call('TextEdit', { filePath: 'a.md', oldString: onDisk.trim(), newString: 'next' });
      expect(repository.subjects()).toHaveLength(subjects.length + 1);
      await fs.close();
    } finally {
      await repository.remove();
    }
  });
});
