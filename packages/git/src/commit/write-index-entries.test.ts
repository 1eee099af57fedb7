import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, readdirSync, readFileSync, renameSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempRepository, personEnv, type TempRepository } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedPermissionOf } from '../kept/shared-permission.js';
import { stagedIdsOf, writeIndexEntries } from './write-index-entries.js';

let repository: TempRepository | undefined;
afterEach(async () => {
  await repository?.remove();
  repository = undefined;
});

const env = (index?: string) => ({ ...process.env, ...personEnv, ...(index ? { GIT_INDEX_FILE: index } : {}) });
const gitWith = (top: string, index: string | undefined, args: string[], input?: string | Buffer) =>
  execFileSync('git', args, { cwd: top, env: env(index), input, encoding: 'utf8' });

/** The index of a repository's top folder, for the writer. */
const targetOf = (index: string) => ({ file: index, top: path.dirname(path.dirname(index)), idBytes: 20, shared: 0 });

/** A small random generator with a seed, so that a failure names its case. */
function randomOf(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) % below) as number;
  };
}

const folders = ['', 'a/', 'a/b/', 'c/', 'c/d/e/', 'ü/'];
const names = ['x.md', 'y.md', 'z z.md', 'é.md', 'a-b.md', 'q'];

/** A repository with files in nested folders, committed (so its index holds a full cache of trees), some also staged or left untracked. */
async function seeded(seed: number) {
  const random = randomOf(seed);
  const repo = await createTempRepository();
  for (const folder of folders) {
    await mkdir(path.join(repo.top, folder), { recursive: true });
    for (const name of names) if (random(3) > 0) await writeFile(path.join(repo.top, folder, name), `${folder}${name} ${random(1000)}\n`);
  }
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'files');
  repo.git('config', 'core.untrackedCache', 'true');
  await writeFile(path.join(repo.top, 'untracked.md'), 'u\n');
  repo.git('status', '--porcelain');
  return { repo, random };
}

/** Records for `update-index -z --index-info`: files changed, added (new blobs) and removed. */
function recordsOf(repo: TempRepository, random: (below: number) => number): string {
  const records: string[] = [];
  for (let count = 1 + random(6); count > 0; count -= 1) {
    const file = `${folders[random(folders.length)]}${names[random(names.length)]}`;
    if (random(4) === 0) records.push(`0 ${'0'.repeat(40)}\t${file}\0`);
    else {
      const id = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: repo.top, input: `new ${file} ${random(1000)}\n`, encoding: 'utf8' }).trim();
      records.push(`${random(5) === 0 ? '100755' : '100644'} ${id}\t${file}\0`);
    }
  }
  return records.join('');
}

describe('writeIndexEntries', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('gives the index git update-index gives, and a stale cache of trees only where it changed (seed %i)', async (seed) => {
    const { repo, random } = await seeded(seed);
    repository = repo;
    const index = path.join(repo.top, '.git', 'index');
    const theirs = path.join(repo.top, '.git', 'index-of-git');
    copyFileSync(index, theirs);
    for (let round = 0; round < 3; round += 1) {
      const records = recordsOf(repo, random);
      expect(writeIndexEntries(targetOf(index), records)).toBe('written');
      gitWith(repo.top, theirs, ['update-index', '-z', '--index-info'], records);
      expect(gitWith(repo.top, undefined, ['ls-files', '-s', '-z'])).toBe(gitWith(repo.top, theirs, ['ls-files', '-s', '-z']));
      // write-tree trusts the cache of trees: one left valid on a changed path would give the old tree.
      expect(gitWith(repo.top, undefined, ['write-tree'])).toBe(gitWith(repo.top, theirs, ['write-tree']));
      expect(gitWith(repo.top, undefined, ['status', '--porcelain', '-z'])).toBe(gitWith(repo.top, theirs, ['status', '--porcelain', '-z']));
    }
    expect(existsSync(`${index}.lock`)).toBe(false);
  });

  it('keeps entries git marked (intent to add: a version 3 index), and marks a racily clean entry whose file differs to be looked at again', async () => {
    repository = await createTempRepository({ 'a.md': 'a\n', 'b.md': 'b\n', 'c.md': 'c\n' });
    const index = path.join(repository.top, '.git', 'index');
    await writeFile(path.join(repository.top, 'n.md'), 'intended\n');
    repository.git('add', '-N', 'n.md');
    expect(readFileSync(index).readUInt32BE(4)).toBe(3);
    // a.md changed with its size kept, and the index made older than the files: both entries may be racily clean.
    await writeFile(path.join(repository.top, 'a.md'), 'A\n');
    const past = new Date(Date.now() - 60_000);
    utimesSync(index, past, past);
    const id = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: repository.top, input: 'b2\n', encoding: 'utf8' }).trim();
    await writeFile(path.join(repository.top, 'b.md'), 'b2\n');
    expect(writeIndexEntries(targetOf(index), `100644 ${id}\tb.md\0`)).toBe('written');
    expect(repository.git('ls-files', '--debug', 'a.md')).toMatch(/size: 0\b/);
    expect(repository.git('ls-files', '--debug', 'c.md')).toMatch(/size: 2\b/);
    expect(repository.git('status', '--porcelain')).toBe(' M a.md\nM  b.md\n A n.md\n');
    expect(repository.git('diff', '--cached', '--name-only')).toBe('b.md\n');
  });

  it('writes the file a symlinked index leads to, and gives a shared repository’s index the group’s modes', async () => {
    repository = await createTempRepository({ 'a.md': 'a\n' });
    repository.git('config', 'core.sharedRepository', 'group');
    const index = path.join(repository.top, '.git', 'index');
    const real = path.join(repository.top, '.git', 'index-real');
    renameSync(index, real);
    symlinkSync('index-real', index);
    const id = repository.git('rev-parse', 'HEAD:a.md').trim();
    expect(writeIndexEntries({ ...targetOf(index), shared: sharedPermissionOf('group') }, `100644 ${id}\tb.md\0`)).toBe('written');
    expect(lstatSync(index).isSymbolicLink()).toBe(true);
    expect(repository.git('ls-files')).toBe('a.md\nb.md\n');
    expect(statSync(real).mode & 0o060).toBe(0o060);
  });

  it('leaves to git (changing nothing) an index of version 4, a split index, a name that is also a folder, and records not of its form', async () => {
    repository = await createTempRepository({ 'a.md': 'a\n', 'f/g.md': 'g\n' });
    const index = path.join(repository.top, '.git', 'index');
    const id = repository.git('rev-parse', 'HEAD:a.md').trim();
    const before = readFileSync(index);
    expect(writeIndexEntries(targetOf(index), `100644 ${id}\tf\0`)).toBe('unusual');
    expect(writeIndexEntries(targetOf(index), `100644 ${id}\ta.md/under.md\0`)).toBe('unusual');
    expect(writeIndexEntries(targetOf(index), `100644 blob ${id}\ta.md\0`)).toBe('unusual');
    // Names git's verify_path may refuse (a part HFS+ or NTFS opens as .git, a part leaving the work tree): git decides.
    for (const name of ['.GIT/config', 'x/.g\u200cit/hooks/h', 'git~1/x', 'a/../b.md', '.git. /x'])
      expect(writeIndexEntries(targetOf(index), `100644 ${id}\t${name}\0`)).toBe('unusual');
    expect(writeIndexEntries(targetOf(index), Buffer.concat([Buffer.from(`100644 ${id}\t\xff/.g`, 'latin1'), Buffer.from('\u200cit/h\0')]))).toBe('unusual');
    expect(readFileSync(index).equals(before)).toBe(true);
    repository.git('update-index', '--index-version', '4');
    expect(writeIndexEntries(targetOf(index), `100644 ${id}\tb.md\0`)).toBe('unusual');
    repository.git('update-index', '--index-version', '2');
    repository.git('update-index', '--split-index');
    expect(readdirSync(path.join(repository.top, '.git')).some((name) => name.startsWith('sharedindex.'))).toBe(true);
    expect(writeIndexEntries(targetOf(index), `100644 ${id}\tb.md\0`)).toBe('unusual');
    expect(existsSync(`${index}.lock`)).toBe(false);
    expect(repository.git('ls-files')).toBe('a.md\nf/g.md\n');
  });

  it('takes the lock before reading, and gives way to a lock someone holds', async () => {
    repository = await createTempRepository({ 'a.md': 'a\n' });
    const index = path.join(repository.top, '.git', 'index');
    const id = repository.git('rev-parse', 'HEAD:a.md').trim();
    writeFileSync(`${index}.lock`, '');
    expect(writeIndexEntries(targetOf(index), `100644 ${id}\tb.md\0`)).toBe('locked');
    expect(readFileSync(`${index}.lock`).length).toBe(0);
    expect(repository.git('ls-files')).toBe('a.md\n');
  });
});

describe('stagedIdsOf', () => {
  it('reads the blob ids git ls-files -s gives for the paths asked (a path not in the index absent), with no git process', async () => {
    repository = await createTempRepository({ 'a.md': 'a\n', 'd/b.md': 'b\n', 'é.md': 'e\n' });
    const top = repository.top;
    await writeFile(path.join(top, 'a.md'), 'staged\n');
    gitWith(top, undefined, ['add', 'a.md']);
    const index = path.join(top, '.git', 'index');
    const asked = ['a.md', 'd/b.md', 'é.md', 'missing.md', 'd'];
    const byGit = new Map(
      gitWith(top, undefined, ['ls-files', '-s', '-z'])
        .split('\0')
        .filter(Boolean)
        .map((line) => [line.slice(line.indexOf('\t') + 1), line.split(' ')[1]!] as const)
        .filter(([file]) => asked.includes(file)),
    );
    expect(stagedIdsOf(targetOf(index), asked)).toEqual(byGit);
    expect(byGit.size).toBe(3);
  });
});
