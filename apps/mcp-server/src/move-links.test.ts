import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTempFolder, readFolder, type TempFolder } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { bin } from './serve-bin.js';

let vault: TempFolder | undefined;
afterEach(async () => vault?.remove());

const textOf = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

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
