import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { withGitHistory } from '@vault/git';
import { createNodeFs } from '@vault/node';
import { createTempRepository, personEnv } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKillingGit } from './__fixtures__/killing-git.js';
import { bin } from './__fixtures__/serve-bin.js';

let killingGit: string;
beforeAll(async () => {
  killingGit = await createKillingGit(execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim());
});
afterAll(() => rm(killingGit, { recursive: true, force: true }));

// A Move (a file, or a folder, with a link rewritten) killed by SIGKILL right after its commit moved the branch, before the
// person's index learned it: the restart records nothing more and tells the index, which then holds the moved-away path no
// more. Before, the index kept it (git status: `AD t.md`, in the index, in neither HEAD nor the disk), so the person's next
// commit brought the moved-away file back.
describe('vault-mcp --git killed between a Move commit and the index', () => {
  it.each([
    { what: 'a note', sourcePath: 't.md', destinationPath: 'u.md', gone: 't.md' },
    { what: 'a folder', sourcePath: 'f', destinationPath: 'g/f', gone: 'f/t.md' },
  ])('$what: after a restart, git status is clean and the index holds the new path only', async ({ sourcePath, destinationPath, gone }) => {
    const repository = await createTempRepository({ 't.md': 'T\n', 'f/t.md': '[x](../r.md)\n', 'r.md': '[[t]] [y](f/t.md)\n' });
    try {
      const client = new Client({ name: 'killed', version: '1.0.0' });
      const env = { ...process.env, ...personEnv, PATH: `${killingGit}:${process.env.PATH}`, KILL_AT: 'update-ref#1', KILL_WHEN: 'after' };
      const transport = new StdioClientTransport({ command: process.execPath, args: [bin, '--vault', repository.vault, '--git'], env, stderr: 'pipe' });
      const closed = new Promise<void>((resolve) => (client.onclose = resolve));
      await client.connect(transport);
      await client.callTool({ name: 'Move', arguments: { sourcePath, destinationPath } }).catch(() => undefined);
      await closed;
      // Killed with the branch moved: the index still holds the old path.
      expect(repository.subjects()[0]).toMatch(/^Move: /);
      expect(repository.git('ls-files', '--', gone)).toBe(`${gone}\n`);

      const fs = await withGitHistory(await createNodeFs(repository.vault));
      await fs.close();
      expect(repository.subjects()).toHaveLength(2);
      expect(existsSync(`${repository.vault}/${gone}`)).toBe(false);
      expect(repository.git('ls-files', '--', gone)).toBe('');
      expect(repository.git('status', '--porcelain', '--untracked-files=all')).toBe('');
    } finally {
      await repository.remove();
    }
  });
});
