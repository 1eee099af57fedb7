import { execFileSync } from 'node:child_process';
import { createTempRepository, personEnv, type TempRepository } from '@vault/testing';
import { openRepository } from '../open-repository.js';
import { afterEach, describe, expect, it } from 'vitest';
import { canonicalMode, parseTree, type TreeEntry, treeBytes } from './kept-trees.js';

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

  it('reads the modes an old tree may hold (a folder as 040000, a file as 100664) as git writes them, so the folder sorts as one', async () => {
    repository = await createTempRepository({ 'x.md': 'x\n' });
    const legacy = Buffer.concat(
      [
        ['100664', blob, 'a.md'],
        ['040000', tree, 'a'],
        ['100775', blob, 'b.md'],
      ].flatMap(([mode, id, name]) => [Buffer.from(`${mode} ${name}\0`), Buffer.from(id!, 'hex')]),
    );
    const parsed = [...parseTree(legacy, 20).values()];
    expect(parsed.map(({ mode }) => mode)).toEqual(['100644', '40000', '100755']);
    const records = [
      ['100644', blob, 'a.md'],
      ['040000', tree, 'a'],
      ['100755', blob, 'b.md'],
    ]
      .map(([mode, id, name]) => `${mode} ${mode === '040000' ? 'tree' : 'blob'} ${id}\t${name}\0`)
      .join('');
    const byGit = execFileSync('git', ['mktree', '-z', '--missing'], { cwd: repository.top, input: records, encoding: 'utf8' }).trim();
    const rewritten = treeBytes([...parsed, { mode: '100644', id: blob, name: Buffer.from('a-') }]);
    expect([...parseTree(rewritten, 20).keys()]).toEqual(['a-', 'a.md', 'a', 'b.md']);
    expect(execFileSync('git', ['hash-object', '-t', 'tree', '--stdin'], { cwd: repository.top, input: treeBytes(parsed), encoding: 'utf8' }).trim()).toBe(
      byGit,
    );
    expect(['160000', '120000', '100644', '100755', '40000'].map(canonicalMode)).toEqual(['160000', '120000', '100644', '100755', '40000']);
  });

  it('of no entries is the empty tree', async () => {
    repository = await createTempRepository({ 'x.md': 'x\n' });
    expect(execFileSync('git', ['hash-object', '-t', 'tree', '--stdin'], { cwd: repository.top, input: treeBytes([]), encoding: 'utf8' }).trim()).toBe(tree);
  });
});

describe('changedFiles', () => {
  it('lists what git diff-tree -r --no-renames lists, in its order: edits, a file become a folder and back, modes, symlinks, nested folders', async () => {
    repository = await createTempRepository({ 'a.md': 'a\n', f: 'a file\n', 'd/x.md': 'x\n', 'd/e/y.md': 'y\n', 'keep/k.md': 'k\n', 'g/h.md': 'h\n' });
    const top = repository.top;
    const run = (...args: string[]) => execFileSync('sh', ['-c', args.join(' && ')], { cwd: top, env: { ...process.env, ...personEnv } });
    const first = repository.git('rev-parse', 'HEAD^{tree}').trim();
    run(
      'printf "a2\\n" > a.md',
      'rm f && mkdir f && printf "in\\n" > f/in.md',
      'chmod +x d/x.md',
      'rm -r d/e && printf "now a file\\n" > d/e',
      'rm -r g && printf "g\\n" > g',
      'ln -s a.md link',
      'git add -A',
      'git commit -q -m second',
    );
    const second = repository.git('rev-parse', 'HEAD^{tree}').trim();
    const opened = await openRepository(top, 'git');
    try {
      for (const [before, after] of [
        [first, second],
        [second, first],
      ] as const) {
        const ours = (await opened.trees.changedFiles(before, after)).map(
          ({ file, before: was, after: is }) =>
            `${(was?.mode ?? '0').padStart(6, '0')} ${(is?.mode ?? '0').padStart(6, '0')} ${was?.id ?? '0'.repeat(40)} ${is?.id ?? '0'.repeat(40)} ${file}`,
        );
        const fields = repository.git('diff-tree', '-r', '--no-renames', '-z', before, after).split('\0').filter(Boolean);
        const theirs = [];
        for (let index = 0; index < fields.length; index += 2) theirs.push(`${fields[index]!.slice(1).split(' ').slice(0, 4).join(' ')} ${fields[index + 1]}`);
        expect(ours).toEqual(theirs);
      }
      expect(await opened.trees.changedFiles(first, first)).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  it("gives names as keys of their bytes when asked ('bytes'): a name that is not UTF-8 keeps its bytes", async () => {
    repository = await createTempRepository({ 'a.md': 'a\n' });
    const top = repository.top;
    const first = repository.git('rev-parse', 'HEAD^{tree}').trim();
    const latin1 = Buffer.from('d/caf\xe9.md', 'latin1');
    // Made by the shell from its octal escape: an argument to a process cannot carry the byte 0xe9 alone.
    execFileSync('sh', ['-c', `mkdir d && printf 'x\\n' > "$(printf 'd/caf\\351.md')" && git add -A && git commit -q -m odd`], {
      cwd: top,
      env: { ...process.env, ...personEnv },
    });
    const second = repository.git('rev-parse', 'HEAD^{tree}').trim();
    const opened = await openRepository(top, 'git');
    try {
      const [difference] = await opened.trees.changedFiles(first, second, 'bytes');
      expect(Buffer.from(difference!.file, 'latin1')).toEqual(latin1);
      expect(difference!.before).toBeUndefined();
    } finally {
      await opened.close();
    }
  });
});
