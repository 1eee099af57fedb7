import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bin } from './__fixtures__/serve-bin.js';
import { connectStdioBin } from './__fixtures__/stdio-bin.js';

/** Files enough that the server's workers search them (from 100 on). */
const notes = Array.from({ length: 120 }, (_, index) => `notes/${String(index).padStart(3, '0')}.md`);

let vault: TempFolder;
beforeEach(async () => {
  vault = await createTempFolder(Object.fromEntries(notes.map((note, index) => [note, `note ${index}\n${index % 2 ? 'even' : 'odd'} one\n`])));
});
afterEach(async () => {
  await vault.remove();
});

describe('vault-mcp: the warm search', () => {
  it('fills its search memory after start-up, and searches files changed behind its back as they are now', async () => {
    const { client, logged: filled, stderr } = await connectStdioBin(['--vault', vault.path, '--search-memory', '64'], 'warm-search', 'search memory: ');
    try {
      const count = async (query: string) =>
        (
          (await client.callTool({ name: 'TextSearch', arguments: { query, outputMode: 'files_only', maxResults: 1000 } })).structuredContent as {
            totalFiles: number;
          }
        ).totalFiles;
      expect(await count('odd one')).toBe(60);
      await filled;
      expect(stderr()).toMatch(/search memory: \d+ files, \d+ MiB, read in \d+ ms/);
      await writeFile(path.join(vault.path, notes[0]!), 'note 0\neve one\n');
      await rename(path.join(vault.path, notes[2]!), path.join(vault.path, 'notes/moved.md'));
      await rm(path.join(vault.path, notes[4]!));
      await writeFile(path.join(vault.path, 'notes/swap.tmp'), 'odd one, swapped in\n');
      await rename(path.join(vault.path, 'notes/swap.tmp'), path.join(vault.path, notes[1]!));
      expect(await count('odd one')).toBe(59);
      expect(await count('eve one')).toBe(1);
      expect(await count('swapped in')).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('refuses a --search-memory that is not a whole number', async () => {
    const child = spawn(process.execPath, [bin, '--vault', vault.path, '--search-memory', 'lots'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(64);
    expect(stderr).toContain('--search-memory lots is not a whole number. Pass MiB, such as 256, or 0.');
  });
});
