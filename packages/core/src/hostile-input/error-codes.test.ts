/**
 * The right code for what went wrong, and nothing changed by a refused call.
 * Part of the attack suite of @vault/core (this folder): input nobody here wrote, sent as an attacker
 * would who has read the source; each test checks the answer and that nothing changed on a refusal.
 */
import { describe, expect, it } from 'vitest';
import { fileHash } from '../text/file-hash.js';
import { isVaultError } from '../vault/vault-error.js';
import { open } from '../tools/__fixtures__/open.js';
import { rejection, refused } from './__fixtures__/attack-kit.js';

describe('the right code for what went wrong', () => {
  it('expectedHash "not-a-hash", "" and a hash with a trailing newline: INVALID_ARGUMENT, not STALE_FILE; file unchanged', async () => {
    const { fs, vault } = open({ 'a.md': 'one\n' });
    const hash = await fileHash(new TextEncoder().encode('one\n'));
    for (const expectedHash of ['not-a-hash', '', `${hash}\n`, `${hash}0`]) {
      await refused(vault.call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'two', expectedHash }), 'INVALID_ARGUMENT');
    }
    await refused(vault.call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'two', expectedHash: 'DEADBEEF00000000' }), 'STALE_FILE');
    expect(fs.toJSON()).toEqual({ 'a.md': 'one\n' });
    expect(await vault.call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'two', expectedHash: hash.toUpperCase() })).toMatchObject({
      replacements: 1,
    });
    expect(fs.toJSON()).toEqual({ 'a.md': 'two\n' });
  });

  it('TextRead, TextEdit and RemoveFile of a folder: NOT_A_FILE, also for a folder named x.md and one with no extension', async () => {
    const seed = { 'x.md/inner.md': 'i', 'noext/inner.md': 'n' };
    const { fs, vault } = open(seed);
    for (const filePath of ['x.md', 'noext']) {
      await refused(vault.call('TextRead', { filePath }), 'NOT_A_FILE');
      await refused(vault.call('TextEdit', { filePath, oldString: 'i', newString: 'j' }), 'NOT_A_FILE');
      await refused(vault.call('RemoveFile', { filePath }), 'NOT_A_FILE');
      await refused(vault.call('TextCreate', { filePath, content: 'x', overwrite: true }), 'NOT_A_FILE');
    }
    expect(fs.toJSON()).toEqual(seed);
  });

  it('"b.md/" names a folder: INVALID_ARGUMENT, b.md neither read nor removed', async () => {
    const { fs, vault } = open({ 'b.md': 'b\n' });
    for (const filePath of ['b.md/', 'b.md\\', '/vault/b.md/']) {
      await refused(vault.call('TextRead', { filePath }), 'INVALID_ARGUMENT');
      await refused(vault.call('RemoveFile', { filePath }), 'INVALID_ARGUMENT');
      await refused(vault.call('TextEdit', { filePath, oldString: 'b', newString: 'c' }), 'INVALID_ARGUMENT');
      await refused(vault.call('TextCreate', { filePath, content: 'c', overwrite: true }), 'INVALID_ARGUMENT');
    }
    expect(fs.toJSON()).toEqual({ 'b.md': 'b\n' });
  });

  it('"b.md/." names a folder too: INVALID_ARGUMENT, b.md neither read nor removed', async () => {
    const { fs, vault } = open({ 'b.md': 'b\n' });
    await refused(vault.call('TextRead', { filePath: 'b.md/.' }), 'INVALID_ARGUMENT');
    await refused(vault.call('RemoveFile', { filePath: 'b.md/.' }), 'INVALID_ARGUMENT');
    expect(fs.toJSON()).toEqual({ 'b.md': 'b\n' });
  });

  it('TextCreate with a NUL in content, or half a surrogate pair: INVALID_ARGUMENT, nothing written', async () => {
    const { fs, vault } = open();
    await refused(vault.call('TextCreate', { filePath: 'a.md', content: 'before\0after' }), 'INVALID_ARGUMENT');
    await refused(vault.call('TextCreate', { filePath: 'a.md', content: 'half \uD83D here' }), 'INVALID_ARGUMENT');
    await refused(vault.call('TextCreate', { filePath: 'a.md', content: 'half \uDE00 here' }), 'INVALID_ARGUMENT');
    expect(fs.toJSON()).toEqual({});
  });

  it('TextEdit with a NUL or half a surrogate pair in newString: INVALID_ARGUMENT, file unchanged', async () => {
    const { fs, vault } = open({ 'a.md': 'one\n' });
    await refused(vault.call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'o\0ne' }), 'INVALID_ARGUMENT');
    await refused(vault.call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: '\uD83D' }), 'INVALID_ARGUMENT');
    expect(fs.toJSON()).toEqual({ 'a.md': 'one\n' });
  });

  it('TextEdit whose oldString is half of a character in the file (a lone surrogate): INVALID_ARGUMENT, the character not split', async () => {
    const { fs, vault } = open({ 'a.md': 'smile \u{1F600} here\n' });
    await refused(vault.call('TextEdit', { filePath: 'a.md', oldString: '\uDE00', newString: 'x' }), 'INVALID_ARGUMENT');
    await refused(vault.call('TextEdit', { filePath: 'a.md', oldString: '\uD83D', newString: '', replaceAll: true }), 'INVALID_ARGUMENT');
    expect(fs.toJSON()).toEqual({ 'a.md': 'smile \u{1F600} here\n' });
  });

  it('a TextEdit that would grow a file past maxFileSize: FILE_TOO_LARGE, counted in bytes, file unchanged', async () => {
    const seed = { 'a.md': `${'a'.repeat(600)}\nend\n` };
    const { fs, vault } = open(seed, { maxFileSize: 1000 });
    await refused(vault.call('TextEdit', { filePath: 'a.md', oldString: 'end', newString: 'e'.repeat(500) }), 'FILE_TOO_LARGE');
    // 600 characters either way, but "é" is two bytes in UTF-8.
    await refused(vault.call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: '\u00e9', replaceAll: true }), 'FILE_TOO_LARGE');
    expect(fs.toJSON()).toEqual(seed);
    expect(await vault.call('TextEdit', { filePath: 'a.md', oldString: 'end', newString: 'e'.repeat(390) })).toMatchObject({ replacements: 1 });
  });

  it('TextCreate of content over maxFileSize: FILE_TOO_LARGE, counted in bytes, nothing written', async () => {
    const { fs, vault } = open({}, { maxFileSize: 1000 });
    await refused(vault.call('TextCreate', { filePath: 'a.md', content: 'a'.repeat(1001) }), 'FILE_TOO_LARGE');
    await refused(vault.call('TextCreate', { filePath: 'a.md', content: '\u00e9'.repeat(600) }), 'FILE_TOO_LARGE');
    expect(fs.toJSON()).toEqual({});
    expect(await vault.call('TextCreate', { filePath: 'a.md', content: 'a'.repeat(1000) })).toMatchObject({ action: 'created' });
  });

  it('the vault root cannot be moved, nor be a destination', async () => {
    const seed = { 'a.md': 'a' };
    const { fs, vault } = open(seed);
    for (const [sourcePath, destinationPath] of [
      ['', 'x'],
      ['.', 'x'],
      ['/vault', 'x'],
      ['a.md', '.'],
      ['a.md', 'x/..'],
    ]) {
      await refused(vault.call('Move', { sourcePath: sourcePath!, destinationPath: destinationPath! }), 'INVALID_ARGUMENT');
    }
    expect(fs.toJSON()).toEqual(seed);
  });

  it('a path with 100,000 segments answers with a VaultError, nothing created', async () => {
    const { fs, vault } = open({ 'a.md': 'a' });
    const error = await rejection(vault.call('TextCreate', { filePath: `${'d/'.repeat(100_000)}x.md`, content: 'x' }));
    expect(isVaultError(error), `not a VaultError: ${String(error).slice(0, 200)}`).toBe(true);
    expect(fs.toJSON()).toEqual({ 'a.md': 'a' });
  });
});
