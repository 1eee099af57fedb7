import { execFileSync } from 'node:child_process';
import { createTempRepository, type TempRepository } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTree, type TreeEntry, treeBytes } from './kept-trees.js';

let repository: TempRepository | undefined;
afterEach(async () => {
  await repository?.remove();
  repository = undefined;
});

const blob = 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391';
const tree = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
/** Names whose order git decides by its rule: a folder compares as if its name ended in `/`, bytes above 0x7f after ASCII. */
const entries: TreeEntry[] = [
  ['100644', blob, 'a.md'],
  ['40000', tree, 'a'],
  ['100644', blob, 'a-b.md'],
  ['40000', tree, 'a0'],
  ['100755', blob, 'ab'],
  ['100644', blob, 'Z.md'],
  ['100644', blob, 'é.md'],
  ['40000', tree, 'a b'],
  ['120000', blob, 'link'],
].map(([mode, id, name]) => ({ mode: mode!, id: id!, name: Buffer.from(name!) }));

describe('treeBytes', () => {
  it('writes the tree git mktree writes from the same entries, in any order given, and parseTree reads it back', async () => {
    repository = await createTempRepository({ 'x.md': 'x\n' });
    const records = entries.map(({ mode, id, name }) => `${mode.padStart(6, '0')} ${mode === '40000' ? 'tree' : 'blob'} ${id}\t${name}\0`).join('');
    const byGit = execFileSync('git', ['mktree', '-z', '--missing'], { cwd: repository.top, input: records, encoding: 'utf8' }).trim();
    for (const given of [entries, [...entries].reverse()]) {
      const bytes = treeBytes(given);
      expect(execFileSync('git', ['hash-object', '-t', 'tree', '--stdin'], { cwd: repository.top, input: bytes, encoding: 'utf8' }).trim()).toBe(byGit);
      expect([...parseTree(bytes, 20).values()].map(({ name }) => name.toString())).toEqual(['Z.md', 'a b', 'a-b.md', 'a.md', 'a', 'a0', 'ab', 'link', 'é.md']);
    }
  });

  it('of no entries is the empty tree', async () => {
    repository = await createTempRepository({ 'x.md': 'x\n' });
    expect(execFileSync('git', ['hash-object', '-t', 'tree', '--stdin'], { cwd: repository.top, input: treeBytes([]), encoding: 'utf8' }).trim()).toBe(tree);
  });
});
