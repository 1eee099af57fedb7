import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { readFolder } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { useBuiltBin } from './__fixtures__/use-built-bin.js';

// Names that end, escape or quote a link or a YAML scalar, and a note reached through a symlink, through the built bin.
const seed = {
  'Old notes.md': 'old\n',
  'hub.md': '---\nup: \'[[Old notes]]\'\nalso: "[[Old notes]]"\n---\n[a](<Old notes.md>) [[Old notes]]\n',
  'x/real.md': '[l](./t.md)\n',
  'x/t.md': 'x t\n',
  't.md': 'root t\n',
};
const { root, cli } = useBuiltBin(seed);

describe('vtx mv rewrites links that read back', () => {
  it('to Bob\'s "notes" 100%.md: the angle link escaped, each front matter link quoted as its scalar requires, then to C# x.md', async () => {
    const moved = await cli(['--json', 'mv', 'Old notes.md', 'lang/Bob\'s "notes" 100%.md']);
    expect(moved.code).toBe(0);
    expect(JSON.parse(moved.stdout).links).toMatchObject({ rewrittenTotal: 4, notJudgedTotal: 0 });
    expect((await readFolder(root()))['hub.md']).toBe(
      '---\nup: \'[[Bob\'\'s "notes" 100%]]\'\nalso: "[[Bob\'s \\"notes\\" 100%]]"\n---\n[a](<Bob\'s "notes" 100%25.md>) [[Bob\'s "notes" 100%]]\n',
    );
    const again = await cli(['--json', 'mv', 'lang/Bob\'s "notes" 100%.md', 'lang/C# x.md']);
    expect(JSON.parse(again.stdout).links).toMatchObject({ rewrittenTotal: 1, notJudgedTotal: 3 });
    expect((await readFolder(root()))['hub.md']).toBe(
      '---\nup: \'[[Bob\'\'s "notes" 100%]]\'\nalso: "[[Bob\'s \\"notes\\" 100%]]"\n---\n[a](<C%23 x.md>) [[Bob\'s "notes" 100%]]\n',
    );
  });

  it('a Move of t.md leaves the note reached through alias.md as it is', async () => {
    await symlink('x/real.md', path.join(root(), 'alias.md'));
    const moved = await cli(['--json', 'mv', 't.md', 'moved/t.md']);
    expect(moved.code).toBe(0);
    expect(JSON.parse(moved.stdout).links).toMatchObject({ rewritten: [], notJudged: [] });
    expect((await readFolder(root()))['x/real.md']).toBe('[l](./t.md)\n');
  });
});
