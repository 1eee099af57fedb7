import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createTempFolder, readFolder, type TempFolder, textOf } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { bin } from './__fixtures__/serve-bin.js';

let vault: TempFolder | undefined;
afterEach(async () => vault?.remove());

describe('a link-aware Move through the built server over stdio', () => {
  it('plans with dryRun, moves a folder with its attachments, rewrites the links on disk, and RemoveFile names what it breaks', async () => {
    vault = await createTempFolder({
      'inbox/Idea.md': 'Up: [home](../Home.md)\r\n',
      'inbox/sketch.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0]),
      'Home.md': '\ufeff[[inbox/Idea|my idea]] ![[sketch.png|200]] ![s](inbox/sketch.png)\n```\n[[inbox/Idea]]\n```\n',
    });
    const client = new Client({ name: 'links', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, '--vault', vault.path], stderr: 'pipe' }));
    const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });
    try {
      const plan = await call('Move', { sourcePath: 'inbox', destinationPath: 'projects/2026', dryRun: true });
      expect(textOf(plan)).toBe(
        [
          'Dry run, nothing changed: would move folder inbox to projects/2026; 3 links to rewrite in 2 notes',
          'Home.md:1: [[inbox/Idea|my idea]] -> [[Idea|my idea]]',
          'Home.md:1: ![s](inbox/sketch.png) -> ![s](sketch.png)',
          'projects/2026/Idea.md:1: [home](../Home.md) -> [home](../../Home.md)',
        ].join('\n'),
      );
      expect(plan.structuredContent).toMatchObject({ dryRun: true, rewrittenTotal: 3, notesChanged: 2, notJudgedTotal: 0 });
      expect(Object.keys(await readFolder(vault.path)).sort()).toEqual(['Home.md', 'inbox/Idea.md', 'inbox/sketch.png']);

      expect((await call('Move', { sourcePath: 'inbox', destinationPath: 'projects/2026' })).isError).toBeFalsy();
      const removed = await call('RemoveFile', { filePath: 'projects/2026/Idea.md' });
      expect(removed.structuredContent).toMatchObject({ linkedFrom: ['Home.md'], linkedFromTotal: 1 });
    } finally {
      await client.close();
    }
    expect(await readFolder(vault.path)).toEqual({
      '.trash/projects/2026/Idea.md': 'Up: [home](../../Home.md)\r\n',
      'projects/2026/sketch.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0]),
      'Home.md': '\ufeff[[Idea|my idea]] ![[sketch.png|200]] ![s](sketch.png)\n```\n[[inbox/Idea]]\n```\n',
    });
  });
});

describe('a link-aware Move through the built server over stdio, on names and notes an attacker picks', () => {
  it('writes links that read back (angle paths, quoted front matter), reports what no form holds, and plans a symlinked note where it is', async () => {
    vault = await createTempFolder({
      'Index.md': 'i\n',
      'n.md': '---\nup: \'[[Index]]\'\nalso: "[[Index]]"\nplain: see [[Index]] here\n---\n[a](<Index.md>) [[Index]]\n',
      'x/real.md': '[l](./t.md)\n',
      'x/t.md': 'x t\n',
      't.md': 'root t\n',
    });
    await symlink('x/real.md', path.join(vault.path, 'alias.md'));
    const client = new Client({ name: 'links', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, '--vault', vault.path], stderr: 'pipe' }));
    const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });
    try {
      const moved = await call('Move', { sourcePath: 'Index.md', destinationPath: 'hub/Bob\'s "Index": 50%.md' });
      expect(moved.structuredContent).toMatchObject({ rewrittenTotal: 4, notJudgedTotal: 1 });
      expect(textOf(moved)).toContain('would not read back');
      const renamed = await call('Move', { sourcePath: 'hub/Bob\'s "Index": 50%.md', destinationPath: 'hub/C# x.md' });
      expect(renamed.structuredContent).toMatchObject({ rewrittenTotal: 1, notJudgedTotal: 3 });
      expect(textOf(renamed)).toContain('no link of this kind can name hub/C# x.md');
      const aside = await call('Move', { sourcePath: 't.md', destinationPath: 'moved/t.md' });
      expect(aside.structuredContent).toMatchObject({ rewrittenTotal: 0, notJudgedTotal: 0 });
    } finally {
      await client.close();
    }
    const files = await readFolder(vault.path);
    expect(files['n.md']).toBe(
      '---\nup: \'[[Bob\'\'s "Index": 50%]]\'\nalso: "[[Bob\'s \\"Index\\": 50%]]"\nplain: see [[Index]] here\n---\n[a](<C%23 x.md>) [[Bob\'s "Index": 50%]]\n',
    );
    expect(files['x/real.md']).toBe('[l](./t.md)\n');
  });
});
