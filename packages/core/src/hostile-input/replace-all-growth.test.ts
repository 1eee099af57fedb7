/**
 * A replaceAll that would grow a file past maxFileSize is refused before anything is built.
 * Part of the attack suite of @vault/core (this folder): input nobody here wrote, sent as an attacker
 * would who has read the source; each test checks the answer and that nothing changed on a refusal.
 */
import { describe, expect, it } from 'vitest';
import { open } from '../tools/__fixtures__/open.js';
import { bound, bigFileTimeout, refused, sample } from './__fixtures__/attack-kit.js';

describe('a replaceAll that would grow a file past maxFileSize', () => {
  // 4.5 MiB of "a" under a limit of 8 MiB: the same arithmetic as 67.5 MiB under the default 128 MiB.
  const size = 4_718_592;
  const maxFileSize = 8 * 1024 * 1024;

  it(
    '"a" -> "bb" over 4.5 MiB of "a", with a limit of 8 MiB: FILE_TOO_LARGE before anything is built, file unchanged [large input]',
    async () => {
      const { fs, vault } = open({ 'big.md': 'a'.repeat(size) }, { maxFileSize });
      const error = await refused(vault.call('TextEdit', { filePath: 'big.md', oldString: 'a', newString: 'bb', replaceAll: true }), 'FILE_TOO_LARGE');
      expect(error.message).toContain('8388608');
      expect(await sample(fs, 'big.md')).toEqual({ length: size, first: 97, middle: 97, last: 97 });
    },
    bigFileTimeout,
  );

  it(
    '"a" -> "b" (same size) is applied to every occurrence, and the process survives [large input]',
    async () => {
      const { fs, vault } = open({ 'big.md': 'a'.repeat(size) }, { maxFileSize });
      const output = await vault.call('TextEdit', { filePath: 'big.md', oldString: 'a', newString: 'b', replaceAll: true });
      expect(output).toMatchObject({ replacements: size, startLine: 1, endLine: 1 });
      expect(output.snippet).toHaveLength(1);
      expect(output.snippet[0]!.fullLength).toBe(size);
      expect(output.snippet[0]!.text).toBe('b'.repeat(2000));
      expect(vault.render('TextEdit', output).length).toBeLessThanOrEqual(bound);
      expect(await sample(fs, 'big.md')).toEqual({ length: size, first: 98, middle: 98, last: 98 });
    },
    bigFileTimeout,
  );
});
