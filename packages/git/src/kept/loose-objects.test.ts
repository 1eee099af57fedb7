import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { createVault } from '@vault/core';
import { createNodeFs } from '@vault/node';
import { createTempRepository, type TempRepository } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { withGitHistory } from '../with-git-history.js';
import { writeLooseObject } from './loose-objects.js';
import { sharedPermissionOf } from './shared-permission.js';

let repository: TempRepository | undefined;
afterEach(async () => {
  await repository?.remove();
  repository = undefined;
});

const objectsOf = (top: string) => path.join(top, '.git', 'objects');
const looseFile = (top: string, id: string) => path.join(objectsOf(top), id.slice(0, 2), id.slice(2));
const leftTemporaries = (top: string) =>
  readdirSync(objectsOf(top), { recursive: true, encoding: 'utf8' }).filter((name) => path.basename(name).startsWith('tmp_obj_'));

describe('writeLooseObject', () => {
  it('writes blobs, trees and commits git reads back byte for byte and fsck finds sound, with the ids git gives them', async () => {
    repository = await createTempRepository({ 'a.md': 'a\n' });
    const top = repository.top;
    const bytes = Buffer.from('line one\nline two\n\0 and a NUL\n');
    const blob = writeLooseObject(objectsOf(top), 'blob', bytes, 20);
    expect(blob).toBe(execFileSync('git', ['hash-object', '--no-filters', '--stdin'], { cwd: top, input: bytes, encoding: 'utf8' }).trim());
    expect(Buffer.from(repository.git('cat-file', 'blob', blob), 'utf8').equals(bytes)).toBe(true);
    const tree = writeLooseObject(objectsOf(top), 'tree', Buffer.concat([Buffer.from('100644 b.md\0'), Buffer.from(blob, 'hex')]), 20);
    expect(repository.git('ls-tree', tree)).toBe(`100644 blob ${blob}\tb.md\n`);
    const text = `tree ${tree}\nauthor A <a@example.com> 1700000000 +0000\ncommitter C <c@example.com> 1700000000 +0000\n\nmade here\n`;
    const commit = writeLooseObject(objectsOf(top), 'commit', Buffer.from(text), 20);
    expect(repository.git('cat-file', 'commit', commit)).toBe(text);
    // git computes the same ids from the same bytes.
    expect(repository.git('rev-parse', `${commit}^{tree}`).trim()).toBe(tree);
    expect(repository.git('fsck', '--strict', '--no-progress', '--no-dangling')).toBe('');
    expect(statSync(looseFile(top, blob)).mode & 0o777).toBe(0o444);
    expect(leftTemporaries(top)).toEqual([]);
  });

  it('an object already there is only made recent (as git freshens one), not written again', async () => {
    repository = await createTempRepository({ 'a.md': 'a\n' });
    const top = repository.top;
    const id = writeLooseObject(objectsOf(top), 'blob', Buffer.from('same\n'), 20);
    const file = looseFile(top, id);
    const old = new Date('2020-01-01T00:00:00Z');
    utimesSync(file, old, old);
    const inode = statSync(file).ino;
    expect(writeLooseObject(objectsOf(top), 'blob', Buffer.from('same\n'), 20)).toBe(id);
    expect(statSync(file).ino).toBe(inode);
    expect(statSync(file).mtimeMs).toBeGreaterThan(old.getTime());
    expect(leftTemporaries(top)).toEqual([]);
  });

  it('in a shared repository, gives folders and objects the modes git gives them (core.sharedRepository)', async () => {
    repository = await createTempRepository({ 'a.md': 'a\n' });
    const top = repository.top;
    expect([undefined, 'umask', 'false', 'group', 'true', '1', 'all', '2', '0640'].map(sharedPermissionOf)).toEqual([
      0, 0, 0, 0o660, 0o660, 0o660, 0o664, 0o664, -0o640,
    ]);
    // A blob whose folder git has not made yet (an existing folder keeps its modes, as with git itself).
    let text = '';
    for (let at = 0; text === '' || existsSync(path.dirname(looseFile(top, blobId(text)))); at += 1) text = `shared ${at}\n`;
    const id = writeLooseObject(objectsOf(top), 'blob', Buffer.from(text), 20, sharedPermissionOf('group'));
    expect(id).toBe(blobId(text));
    const folder = path.dirname(looseFile(top, id));
    // git: the group may add objects (write and setgid on the folder), and read them.
    expect(statSync(folder).mode & 0o2070).toBe(0o2070);
    expect(statSync(looseFile(top, id)).mode & 0o040).toBe(0o040);
    expect(repository.git('cat-file', 'blob', id)).toMatch(/^shared /);
  });

  it('a vault in a linked work tree writes into the main repository’s objects, and git there reads each change', async () => {
    repository = await createTempRepository({ 'a.md': 'a\n' });
    const linked = `${repository.top}-linked`;
    repository.git('worktree', 'add', '-q', '-b', 'side', linked);
    const fs = await withGitHistory(await createNodeFs(linked));
    try {
      await createVault(fs).call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'b' });
      expect(repository.git('show', 'side:a.md')).toBe('b\n');
      expect(repository.git('log', '--format=%s', 'side')).toBe('TextEdit: a.md\nfirst\n');
      expect(repository.git('fsck', '--strict', '--no-progress', '--no-dangling')).toBe('');
      expect(readdirSync(path.join(repository.top, '.git', 'worktrees', path.basename(linked))).includes('objects')).toBe(false);
    } finally {
      await fs.close();
      repository.git('worktree', 'remove', '--force', linked);
    }
  });
});

/** The id git gives a blob of `text`. */
function blobId(text: string): string {
  return createHash('sha1')
    .update(`blob ${Buffer.byteLength(text)}\0${text}`)
    .digest('hex');
}
