import { describe, expect, it } from 'vitest';
import { createMemoryFs, type VaultSeed } from '../vault/memory-fs.js';
import { createVault } from '../vault/vault.js';
import type { VaultFs } from '../vault/vault-fs.js';
import { open } from './__fixtures__/open.js';

describe('Move rewrites the links that led to what moved', () => {
  it('rewrites every form, keeping alias, heading, block, embed and size, and leaves the rest byte for byte', async () => {
    const { fs, vault } = open({
      'notes/Plan.md': '# Plan\n',
      'notes/Plan 2.md': 'other',
      'index.md': [
        '[[Plan]] [[Plan|the plan]] [[Plan#Goals]] [[Plan#Goals#Sub]] [[Plan#^abc]] [[Plan#Goals|g]] ![[Plan]]',
        '| a | [[Plan\\|alias]] |',
        '[t](notes/Plan.md) [t](notes/Plan.md#Goals "title") [t](<notes/Plan.md>) [t](notes/Plan)',
        '[[Plan 2]] [[Elsewhere]] [ext](https://x.org/Plan.md)',
        '[ref]: notes/Plan.md',
        '',
      ].join('\n'),
    });
    const output = await vault.call('Move', { sourcePath: 'notes/Plan.md', destinationPath: 'projects/Roadmap.md' });
    expect(fs.toJSON()['index.md']).toBe(
      [
        '[[Roadmap]] [[Roadmap|the plan]] [[Roadmap#Goals]] [[Roadmap#Goals#Sub]] [[Roadmap#^abc]] [[Roadmap#Goals|g]] ![[Roadmap]]',
        '| a | [[Roadmap\\|alias]] |',
        '[t](Roadmap.md) [t](Roadmap.md#Goals "title") [t](<Roadmap.md>) [t](Roadmap)',
        '[[Plan 2]] [[Elsewhere]] [ext](https://x.org/Plan.md)',
        '[ref]: Roadmap.md',
        '',
      ].join('\n'),
    );
    expect(output.links).toMatchObject({ rewrittenTotal: 13, notesChanged: 1, notJudgedTotal: 0 });
    expect(output.links?.rewritten.map((change) => change.line)).toEqual([1, 1, 1, 1, 1, 1, 1, 2, 3, 3, 3, 3, 5]);
    // Past ten links, the text gives a line per changed note; the structured content lists every link.
    expect(vault.render('Move', output)).toBe('Moved file notes/Plan.md to projects/Roadmap.md; 13 links rewritten in 1 note\nindex.md: 13 links');
    expect((vault.structure('Move', output).rewritten as string[]).slice(0, 2)).toEqual([
      'index.md:1: [[Plan]] -> [[Roadmap]]',
      'index.md:1: [[Plan|the plan]] -> [[Roadmap|the plan]]',
    ]);
  });

  it('leaves [[Note]] alone when a folder move keeps it unique, and rewrites the paths that named the folder', async () => {
    const { fs, vault } = open({
      'inbox/Note.md': 'see [[Other]] and [o](Other.md) and [up](../top.md)\n',
      'inbox/Other.md': 'x',
      'inbox/pic.png': 'PNG',
      'inbox/data.csv': 'a,b',
      'top.md': '[[Note]] [[inbox/Note]] ![[pic.png]] ![p](inbox/pic.png) [d](inbox/data.csv)\n',
    });
    const output = await vault.call('Move', { sourcePath: 'inbox', destinationPath: 'archive/2024' });
    expect(fs.toJSON()).toEqual({
      'archive/2024/Note.md': 'see [[Other]] and [o](Other.md) and [up](../../top.md)\n',
      'archive/2024/Other.md': 'x',
      'archive/2024/pic.png': 'PNG',
      'archive/2024/data.csv': 'a,b',
      'top.md': '[[Note]] [[Note]] ![[pic.png]] ![p](pic.png) [d](data.csv)\n',
    });
    expect(output.links?.rewritten).toEqual([
      { file: 'archive/2024/Note.md', line: 1, before: '[up](../top.md)', after: '[up](../../top.md)' },
      { file: 'top.md', line: 1, before: '[[inbox/Note]]', after: '[[Note]]' },
      { file: 'top.md', line: 1, before: '![p](inbox/pic.png)', after: '![p](pic.png)' },
      { file: 'top.md', line: 1, before: '[d](inbox/data.csv)', after: '[d](data.csv)' },
    ]);
  });

  it('recomputes relative links inside a moved note', async () => {
    const { fs, vault } = open({
      'a/b/note.md': '[[./sibling]] [[../up]] [s](sibling.md) [u](../up.md) [r](/a/up.md) ![i](./img/x.png)\n',
      'a/b/sibling.md': '',
      'a/up.md': '',
      'a/b/img/x.png': '',
    });
    await vault.call('Move', { sourcePath: 'a/b/note.md', destinationPath: 'c/note.md' });
    expect(fs.toJSON()['c/note.md']).toBe('[[../a/b/sibling]] [[../a/up]] [s](sibling.md) [u](../a/up.md) [r](/a/up.md) ![i](../a/b/img/x.png)\n');
  });

  it('disambiguates links to another file whose name the move makes ambiguous', async () => {
    const { fs, vault } = open({ 'one/Topic.md': '', 'two/Draft.md': '', 'links.md': '[[Topic]] [[Draft]]\n' });
    const output = await vault.call('Move', { sourcePath: 'two/Draft.md', destinationPath: 'two/Topic.md' });
    expect(fs.toJSON()['links.md']).toBe('[[one/Topic]] [[two/Topic]]\n');
    expect(output.links?.rewrittenTotal).toBe(2);
  });

  it('reports links that could mean several files, a moved one among them, and leaves them', async () => {
    const { fs, vault } = open({ 'one/Topic.md': '', 'two/Topic.md': '', 'links.md': 'a\n[[Topic]]\n' });
    const output = await vault.call('Move', { sourcePath: 'two/Topic.md', destinationPath: 'three/Topic.md' });
    expect(fs.toJSON()['links.md']).toBe('a\n[[Topic]]\n');
    expect(output.links?.notJudged).toEqual([{ file: 'links.md', line: 2, link: '[[Topic]]', reason: 'could mean 2 files: one/Topic.md, two/Topic.md' }]);
    expect(vault.render('Move', output)).toBe(
      'Moved file two/Topic.md to three/Topic.md; no link needed rewriting; 1 link left as it was, see below\nLeft as they were:\nlinks.md:2: [[Topic]] could mean 2 files: one/Topic.md, two/Topic.md',
    );
  });

  it('leaves links in code, inline code and math alone', async () => {
    const text = '```\n[[Old]]\n```\n`[[Old]]` $[[Old]]$\n$$\n[o](Old.md)\n$$\n[[Old]]\n';
    const { fs, vault } = open({ 'Old.md': '', 'n.md': text });
    await vault.call('Move', { sourcePath: 'Old.md', destinationPath: 'New.md' });
    expect(fs.toJSON()['n.md']).toBe(text.replace(/\[\[Old\]\]\n$/, '[[New]]\n'));
  });

  it('keeps CRLF line endings and a BOM', async () => {
    const { fs, vault } = open({ 'Old.md': '', 'crlf.md': '\ufeffa\r\n[[Old]]\r\nb\n[o](Old.md)\r\n' });
    const output = await vault.call('Move', { sourcePath: 'Old.md', destinationPath: 'New.md' });
    expect(fs.toJSON()['crlf.md']).toBe('\ufeffa\r\n[[New]]\r\nb\n[o](New.md)\r\n');
    expect(output.links?.rewritten.map((change) => change.line)).toEqual([2, 4]);
  });

  it('rewrites wikilinks in front matter, %20 paths and <...> paths', async () => {
    const { fs, vault } = open({
      'my note.md': '',
      'n.md': '---\nrelated: "[[my note]]"\nlist:\n  - "[[my note|alias]]"\n---\n[a](my%20note.md) [b](<my note.md>)\n',
    });
    await vault.call('Move', { sourcePath: 'my note.md', destinationPath: 'sub/your note.md' });
    expect(fs.toJSON()['n.md']).toBe('---\nrelated: "[[your note]]"\nlist:\n  - "[[your note|alias]]"\n---\n[a](your%20note.md) [b](<your note.md>)\n');
  });

  it('finds links with spaces inside the brackets and names percent-encoded the way other tools write them', async () => {
    const { fs, vault } = open({
      'été.md': '',
      'n.md': '[[ été ]] [[ été\t|alias]] [e](%C3%A9t%C3%A9.md) [f](%c3%a9t%c3%a9 "t")\n',
    });
    const output = await vault.call('Move', { sourcePath: 'été.md', destinationPath: 'sub/hiver.md' });
    expect(fs.toJSON()['n.md']).toBe('[[ hiver ]] [[ hiver\t|alias]] [e](hiver.md) [f](hiver "t")\n');
    expect(output.links?.rewrittenTotal).toBe(4);
  });

  it('finds a name percent-encoded with a capital letter, and links whose path is followed by white space or a title', async () => {
    const { fs, vault } = open({
      'Über.md': '',
      'note.md': '',
      'u.md': '[t](%C3%9Cber.md) [l](%C3%BCber.md)\n',
      'n.md': '[[note]]\n\n[a](note "t") [b](note \'t\') [c](note (t))\n\n[[note\u00a0]] [[ note\u00a0|x]]\n\n[d]: note "t"\n',
    });
    await vault.call('Move', { sourcePath: 'Über.md', destinationPath: 'sub/Winter.md' });
    await vault.call('Move', { sourcePath: 'note.md', destinationPath: 'sub/renamed.md' });
    expect(fs.toJSON()['u.md']).toBe('[t](Winter.md) [l](Winter.md)\n');
    expect(fs.toJSON()['n.md']).toBe(
      '[[renamed]]\n\n[a](renamed "t") [b](renamed \'t\') [c](renamed (t))\n\n[[renamed\u00a0]] [[ renamed\u00a0|x]]\n\n[d]: renamed "t"\n',
    );
  });

  it('follows newLinkFormat from .obsidian/app.json', async () => {
    const { fs, vault } = open({ '.obsidian/app.json': '{"newLinkFormat": "absolute"}', 'Old.md': '', 'n.md': '[[Old]]\n' });
    await vault.call('Move', { sourcePath: 'Old.md', destinationPath: 'deep/er/New.md' });
    expect(fs.toJSON()['n.md']).toBe('[[deep/er/New]]\n');
  });

  it('with dryRun, returns the plan and changes nothing', async () => {
    const seed = { 'Old.md': 'x', 'n.md': '[[Old]]\n' };
    const { fs, vault } = open(seed);
    const output = await vault.call('Move', { sourcePath: 'Old.md', destinationPath: 'New.md', dryRun: true });
    expect(fs.toJSON()).toEqual(seed);
    expect(vault.render('Move', output)).toBe(
      'Dry run, nothing changed: would move file Old.md to New.md; 1 link to rewrite in 1 note\nn.md:1: [[Old]] -> [[New]]',
    );
  });

  it('with updateLinks false, only moves', async () => {
    const { fs, vault } = open({ 'Old.md': 'x', 'n.md': '[[Old]]\n' });
    const output = await vault.call('Move', { sourcePath: 'Old.md', destinationPath: 'New.md', updateLinks: false });
    expect(fs.toJSON()).toEqual({ 'New.md': 'x', 'n.md': '[[Old]]\n' });
    expect(output).toEqual({ source: 'Old.md', destination: 'New.md', kind: 'file', dryRun: false });
    expect(vault.render('Move', output)).toBe('Moved file Old.md to New.md (links not updated)');
  });

  it('brings links back to life when a removed note is restored, without rewriting them', async () => {
    const { fs, vault } = open({ 'notes/T.md': 'x', 'n.md': '[[T]] [t](notes/T.md)\n' });
    const removed = await vault.call('RemoveFile', { filePath: 'notes/T.md' });
    expect(removed.linkedFrom).toEqual(['n.md']);
    const restored = await vault.call('Move', { sourcePath: removed.trashPath, destinationPath: 'notes/T.md' });
    expect(restored.links?.rewrittenTotal).toBe(0);
    expect(fs.toJSON()['n.md']).toBe('[[T]] [t](notes/T.md)\n');
  });
});

describe('Move and notes it cannot read', () => {
  it('names a note that is not UTF-8 when it may link to what moved, and leaves it', async () => {
    const latin1 = new Uint8Array([...new TextEncoder().encode('[[Old]] caf'), 0xe9]);
    const { fs, vault } = open({ 'Old.md': '', 'latin1.md': latin1, 'other.md': new Uint8Array([0xe9]) });
    const output = await vault.call('Move', { sourcePath: 'Old.md', destinationPath: 'New.md' });
    expect(output.links?.notJudged).toEqual([{ file: 'latin1.md', line: 0, link: '', reason: 'not read (NOT_TEXT), its links not checked' }]);
    expect(fs.toJSON()['latin1.md']).toEqual(latin1);
  });
});

describe('Move and notes changed while it runs', () => {
  /** A memory vault where `change` runs once on `path` right after the move's rename (or at each write of `path`, with `always`). */
  function racing(seed: VaultSeed, path: string, change: (text: string) => string, always = false) {
    const inner = createMemoryFs(seed);
    let armed = false;
    const touch = async () => {
      const text = new TextDecoder().decode(await inner.readFile(path));
      await inner.writeFile(path, new TextEncoder().encode(change(text)));
    };
    const fs: VaultFs = {
      ...inner,
      root: inner.root,
      stat: (p) => inner.stat(p),
      readFile: (p) => inner.readFile(p),
      readDirectory: (p, o) => inner.readDirectory(p, o),
      makeDirectory: (p) => inner.makeDirectory(p),
      async rename(from, to) {
        await inner.rename(from, to);
        armed = true;
        await touch();
      },
      async writeFile(p, data, options) {
        if (armed && always && p === path) await touch();
        return inner.writeFile(p, data, options);
      },
    };
    return { fs: inner, vault: createVault(fs) };
  }

  it('reads a note changed meanwhile again and rewrites it, keeping the other change', async () => {
    const { fs, vault } = racing({ 'Old.md': '', 'n.md': '[[Old]]\n' }, 'n.md', (text) => `${text}added\n`);
    const output = await vault.call('Move', { sourcePath: 'Old.md', destinationPath: 'New.md' });
    expect(fs.toJSON()['n.md']).toBe('[[New]]\nadded\n');
    expect(output.links?.rewrittenTotal).toBe(1);
  });

  it('leaves a note that keeps changing, and says so', async () => {
    const { fs, vault } = racing({ 'Old.md': '', 'n.md': '[[Old]]\n' }, 'n.md', (text) => `${text}+`, true);
    const output = await vault.call('Move', { sourcePath: 'Old.md', destinationPath: 'New.md' });
    expect(fs.toJSON()['New.md']).toBe('');
    expect(fs.toJSON()['n.md']).toMatch(/^\[\[Old\]\]\n\+\++$/);
    expect(output.links).toMatchObject({ rewrittenTotal: 0, notesChanged: 0, notJudgedTotal: 1 });
    expect(vault.render('Move', output)).toContain('n.md: changed twice by another program during the move; its links were not rewritten');
  });
});

describe('Move, with links, against another Move', () => {
  it('lets a second link-aware Move plan only once the first has rewritten its links, so no link is left broken', async () => {
    const memory = createMemoryFs({ 'x.md': '# X\n', 'n.md': 'see [[x]]\n' });
    // Writes wait for the gate, as a slow disk would hold the first Move's rewrite of n.md.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const vault = createVault({ ...memory, writeFile: async (...args: Parameters<typeof memory.writeFile>) => gate.then(() => memory.writeFile(...args)) });
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const first = vault.call('Move', { sourcePath: 'x.md', destinationPath: 'y.md' });
    while (!(await memory.stat('y.md'))) await turn();
    const second = vault.call('Move', { sourcePath: 'y.md', destinationPath: 'z.md' });
    // Time enough for the second to have moved y.md, had it not waited for the first.
    for (let turns = 0; turns < 100 && !(await memory.stat('z.md')); turns += 1) await turn();
    expect(await memory.stat('z.md')).toBeUndefined();
    open();
    await Promise.all([first, second]);
    expect(memory.toJSON()).toEqual({ 'z.md': '# X\n', 'n.md': 'see [[z]]\n' });
  });
});

describe('Move to a name with brackets', () => {
  it("writes a markdown link's brackets percent-escaped, and reports a wikilink that no form can hold instead of pointing it elsewhere", async () => {
    const { fs, vault } = open({ 'b.md': 'B', 'a.md': 'A', 'n.md': 'see [[b]] and [t](b.md)\n' });
    const output = await vault.call('Move', { sourcePath: 'b.md', destinationPath: 'a].md' });
    expect(fs.toJSON()['n.md']).toBe('see [[b]] and [t](a%5D.md)\n');
    expect(output.links?.notJudged).toEqual([{ file: 'n.md', line: 1, link: '[[b]]', reason: expect.any(String) }]);
    const markdown = open({ 'b.md': 'B', 'n.md': 'see [t](b.md)\n' });
    await markdown.vault.call('Move', { sourcePath: 'b.md', destinationPath: 'x](y.md' });
    expect(markdown.fs.toJSON()['n.md']).toBe('see [t](x%5D%28y.md)\n');
    // The rewritten link leads to the moved note: moving it back restores the original text.
    await markdown.vault.call('Move', { sourcePath: 'x](y.md', destinationPath: 'b.md' });
    expect(markdown.fs.toJSON()['n.md']).toBe('see [t](b.md)\n');
  });
});
