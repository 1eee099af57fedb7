import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createTempFolder, type TempFolder, textOf } from '@vault/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bin } from './__fixtures__/serve-bin.js';

const seed = {
  'team/onboarding.md': '---\ntitle: Onboarding\ntags: [people]\n---\n# Onboarding\n\n## Buddy\nEvery new hire gets a buddy.\n',
  'team/laptops.md': '# Laptops\n\nIT orders laptops for new hires.\n',
  'notes/malformed.md': '---\ntitle: [unclosed\n---\nbody about hires\n',
  'notes/binary.md': 'hires\u0000\u0001',
};

let vault: TempFolder;
let client: Client;
beforeEach(async () => {
  vault = await createTempFolder(seed);
  client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, '--vault', vault.path], stderr: 'pipe' }));
});
afterEach(async () => {
  await client.close();
  await vault.remove();
});

const call = (args: Record<string, unknown>) => client.callTool({ name: 'FindNotes', arguments: args });
const paths = async (query: string) => ((await call({ query })).structuredContent as { notes: { path: string }[] }).notes.map((note) => note.path);

describe('FindNotes over stdio (the built bin, a real folder)', () => {
  it('ranks, gives the best section and lines, reads a malformed front matter as body text, and names a binary file it skipped', async () => {
    const result = await call({ query: 'new hires buddy' });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      notes: [
        { path: 'team/onboarding.md', title: 'Onboarding', section: { heading: '## Buddy', start: 7, end: 8 }, lines: ['8: Every new hire gets a buddy.'] },
        { path: 'team/laptops.md', title: 'Laptops', lines: ['3: IT orders laptops for new hires.'] },
        { path: 'notes/malformed.md', lines: ['4: body about hires'] },
      ],
      totalNotes: 3,
      searchedNotes: 3,
      skipped: [{ path: 'notes/binary.md', reason: 'not UTF-8 text' }],
      totalSkipped: 1,
    });
    expect(textOf(result).split('\n').at(-1)).toBe(
      '[3 matching notes of 3 notes searched, best first; read a section with TextRead `offset`, `limit` (its first line, its length); 1 file skipped (notes/binary.md: not UTF-8 text)]',
    );
  });

  it('is exact: notes changed, created, moved and removed by another program are ranked as they are now, on the very next call', async () => {
    expect(await paths('kubernetes')).toEqual([]);
    await writeFile(path.join(vault.path, 'team/laptops.md'), '# Laptops\n\nThe kubernetes cluster.\n');
    await writeFile(path.join(vault.path, 'notes/k8s.md'), 'kubernetes\n');
    expect(await paths('kubernetes')).toEqual(['notes/k8s.md', 'team/laptops.md']);
    await rename(path.join(vault.path, 'notes/k8s.md'), path.join(vault.path, 'team/kubernetes.md'));
    await rm(path.join(vault.path, 'team/laptops.md'));
    expect(await paths('kubernetes')).toEqual(['team/kubernetes.md']);
    expect(await paths('laptops')).toEqual([]);
  });

  it('answers bad input with INVALID_ARGUMENT or a path error, and the server goes on', async () => {
    const refused = async (args: Record<string, unknown>) => {
      const result = await call(args);
      expect(result.isError).toBe(true);
      return textOf(result).split(':')[0];
    };
    expect(await refused({ query: '  ' })).toBe('INVALID_ARGUMENT');
    expect(await refused({ query: '-buddy' })).toBe('INVALID_ARGUMENT');
    expect(await refused({ query: 'tag:' })).toBe('INVALID_ARGUMENT');
    expect(await refused({ query: 'word '.repeat(10_000) })).toBe('INVALID_ARGUMENT');
    expect(await refused({ query: 'buddy', directoryPath: '../' })).toBe('PATH_OUTSIDE_VAULT');
    expect(await refused({ query: 'buddy', directoryPath: '.obsidian' })).toBe('HIDDEN_PATH');
    expect(await refused({ query: 'buddy', filePattern: `${'{a,'.repeat(60)}` })).toBe('INVALID_ARGUMENT');
    expect(await paths('"a buddy')).toEqual(['team/onboarding.md']);
    // A regex and a control character read as the words in them.
    expect((await paths('^(buddy|hires)+$ \u0007')).sort()).toEqual(['notes/malformed.md', 'team/laptops.md', 'team/onboarding.md']);
  });
});
