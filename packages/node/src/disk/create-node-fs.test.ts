import { chmod, mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createVault, fileHash } from '@vault/core';
import { createTempFolder, describeVaultFsContract, readFolder, type TempFolder } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeFs } from './create-node-fs.js';

describeVaultFsContract('node (real disk)', async (seed) => {
  const folder = await createTempFolder(seed);
  return { fs: await createNodeFs(folder.path, { chunkSize: 4096 }), dump: () => readFolder(folder.path), cleanup: folder.remove };
});

describe('createNodeFs on the real disk', () => {
  let folder: TempFolder | undefined;
  afterEach(async () => folder?.remove());

  it('canonicalises the root and refuses a missing folder or a file', async () => {
    folder = await createTempFolder({ 'vault/a.md': 'x', 'file.md': 'y' });
    await symlink(path.join(folder.path, 'vault'), path.join(folder.path, 'alias'));
    expect((await createNodeFs(path.join(folder.path, 'alias'))).root).toBe(path.join(folder.path, 'vault'));
    await expect(createNodeFs(path.join(folder.path, 'missing'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(createNodeFs(path.join(folder.path, 'file.md'))).rejects.toMatchObject({ code: 'NOT_A_DIRECTORY' });
  });

  it("hashes a streamed read with Node's own SHA-256, to the same fileHash", async () => {
    const content = `${'ünïcode line\n'.repeat(200_000)}`;
    folder = await createTempFolder({ 'big.md': content });
    const fs = await createNodeFs(folder.path, { chunkSize: 65_536 });
    expect(fs.createHasher).toBeTypeOf('function');
    const read = await createVault(fs).call('TextRead', { filePath: 'big.md', offset: 199_999 });
    expect(read.fileHash).toBe(await fileHash(new TextEncoder().encode(content)));
  });

  it('reads whole a file up to 1 MiB in one blocking call and a larger one on the thread pool, byte for byte', async () => {
    const mebibyte = 1024 * 1024;
    folder = await createTempFolder({ 'at.md': 'a'.repeat(mebibyte), 'over.md': 'b'.repeat(mebibyte + 1), 'empty.md': '', 'notes/x.md': '' });
    const fs = await createNodeFs(folder.path);
    expect(new TextDecoder().decode(await fs.readFile('at.md'))).toBe('a'.repeat(mebibyte));
    expect(new TextDecoder().decode(await fs.readFile('over.md'))).toBe('b'.repeat(mebibyte + 1));
    expect(await fs.readFile('empty.md')).toHaveLength(0);
    await expect(fs.readFile('notes')).rejects.toMatchObject({ code: 'NOT_A_FILE' });
    await expect(fs.readFile('missing.md')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reads the window at the end of a file over maxFileSize without a fileHash, and counts its lines', async () => {
    const lines = Array.from({ length: 30_000 }, (_, index) => `line ${index + 1}\r\n`).join('');
    folder = await createTempFolder({ 'big.md': lines });
    const vault = createVault(await createNodeFs(folder.path, { chunkSize: 4096 }), { maxFileSize: 1000 });
    const read = await vault.call('TextRead', { filePath: 'big.md', offset: 29_999 });
    expect(read).toEqual({
      path: 'big.md',
      lines: [
        { number: 29_999, text: 'line 29999' },
        { number: 30_000, text: 'line 30000' },
      ],
      totalLines: 30_000,
      lineEnding: 'crlf',
      bom: false,
    });
  });

  it("keeps a file's permissions and leaves no temp file after atomic writes", async () => {
    folder = await createTempFolder({ 'notes/a.md': 'one\ntwo\n' });
    const file = path.join(folder.path, 'notes/a.md');
    await chmod(file, 0o640);
    const vault = createVault(await createNodeFs(folder.path));
    await vault.call('TextEdit', { filePath: 'notes/a.md', oldString: 'two', newString: 'three' });
    await vault.call('TextCreate', { filePath: 'notes/a.md', content: 'replaced\n', overwrite: true });
    expect((await stat(file)).mode & 0o777).toBe(0o640);
    expect(await readFolder(folder.path)).toEqual({ 'notes/a.md': 'replaced\n' });
  });

  it('lands 50 concurrent edits of one file on disk', async () => {
    const markers = Array.from({ length: 50 }, (_, index) => `[${index}]`);
    folder = await createTempFolder({ 'a.md': markers.join('\n') });
    const vault = createVault(await createNodeFs(folder.path));
    await Promise.all(markers.map((marker) => vault.call('TextEdit', { filePath: 'a.md', oldString: marker, newString: `${marker} ok` })));
    expect(await readFile(path.join(folder.path, 'a.md'), 'utf8')).toBe(markers.map((marker) => `${marker} ok`).join('\n'));
  });

  it('streams a window of a large file with the same result as the memory backend', async () => {
    const lines = Array.from({ length: 200_000 }, (_, index) => `line ${index + 1} ${'·'.repeat(index % 7)}`);
    folder = await createTempFolder({ 'big.md': `${lines.join('\r\n')}\r\n` });
    const vault = createVault(await createNodeFs(folder.path));
    const output = await vault.call('TextRead', { filePath: 'big.md', offset: 199_501 });
    expect(output).toMatchObject({ totalLines: 200_000, lineEnding: 'crlf' });
    expect(output.lines.map((line) => line.text)).toEqual(lines.slice(199_500));
    expect(output.nextOffset).toBeUndefined();
  });

  it('does not list or search symlinked folders twice, and follows links that stay inside', async () => {
    folder = await createTempFolder({ 'notes/a.md': 'alpha\n' });
    await symlink('notes', path.join(folder.path, 'again'));
    await symlink('notes/a.md', path.join(folder.path, 'link.md'));
    const vault = createVault(await createNodeFs(folder.path));
    expect((await vault.call('TextRead', { filePath: 'link.md' })).lines[0]?.text).toBe('alpha');
    await vault.call('TextEdit', { filePath: 'link.md', oldString: 'alpha', newString: 'beta' });
    expect(await readFile(path.join(folder.path, 'notes/a.md'), 'utf8')).toBe('beta\n');
    expect((await stat(path.join(folder.path, 'link.md'))).isFile()).toBe(true);
    const search = await vault.call('TextSearch', { query: 'beta', outputMode: 'files_only' });
    expect(search.files.map((file) => file.path)).toEqual(['link.md', 'notes/a.md']);
    expect((await vault.call('ListDirectories', {})).directories).toEqual(['again', 'notes']);
  });

  it('creates a file below a dangling link that stays inside the vault, where the link leads', async () => {
    folder = await createTempFolder({ 'notes/': '' });
    await symlink('planned', path.join(folder.path, 'soon'));
    await createVault(await createNodeFs(folder.path)).call('TextCreate', { filePath: 'soon/deeper/a.md', content: 'here\n' });
    expect(await readFile(path.join(folder.path, 'planned/deeper/a.md'), 'utf8')).toBe('here\n');
  });

  it('moves a folder and reports errno as codes with vault-relative paths only', async () => {
    folder = await createTempFolder({ 'a/b.md': 'x', 'file.md': 'y' });
    const fs = await createNodeFs(folder.path);
    await fs.rename('a', 'c');
    expect(await readFolder(folder.path)).toEqual({ 'c/b.md': 'x', 'file.md': 'y' });
    const error = await fs.readFile('missing.md').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/^missing\.md /) });
    expect((error as Error).message).not.toContain(folder.path);
    await expect(fs.makeDirectory('file.md/sub')).rejects.toMatchObject({ code: 'NOT_A_DIRECTORY' });
    await mkdir(path.join(folder.path, 'x.md'));
    await writeFile(path.join(folder.path, 'x.md', 'inner.md'), '');
    await expect(createVault(fs).call('TextRead', { filePath: 'x.md' })).rejects.toMatchObject({ code: 'NOT_A_FILE' });
  });
});
