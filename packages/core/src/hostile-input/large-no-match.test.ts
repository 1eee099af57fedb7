/**
 * A TextEdit whose oldString is not found in a file of megabytes: the near-miss search is linear over
 * the whole text (each test would take hours on a quadratic one), answers within the bound, and changes
 * nothing. No timing: a search that escapes its budget hangs until vitest's timeout.
 * Part of the attack suite of @vault/core (this folder): input nobody here wrote, sent as an attacker
 * would who has read the source; each test checks the answer and that nothing changed on a refusal.
 */
import { describe, expect, it } from 'vitest';
import { open } from '../tools/__fixtures__/open.js';
import { bigFileTimeout, bound, refused, sample } from './__fixtures__/attack-kit.js';

describe('NO_MATCH on a large file within its budget', () => {
  it(
    'a TextEdit with no match on a 5 MB file answers NO_MATCH with the near miss (curly quotes) in the middle, file unchanged [large input]',
    async () => {
      const filler = 'plain filler line of text\n';
      const half = filler.repeat(100_000);
      const { fs, vault } = open({ 'big.md': `${half}He said \u201chello world\u201d twice\n${half}` }, { searchTimeout: 120_000 });
      const before = await sample(fs, 'big.md');
      const error = await refused(vault.call('TextEdit', { filePath: 'big.md', oldString: 'He said "hello world" twice', newString: 'x' }), 'NO_MATCH');
      expect(error.message.length).toBeLessThanOrEqual(bound);
      expect(error.message).toContain('line 100001');
      expect(error.details).toMatchObject({
        candidates: [{ line: 100_001, differences: ['typography'], text: 'He said [file: "\u201chello world\u201d" | oldString: "\\"hello world\\""] twice' }],
      });
      expect(await sample(fs, 'big.md')).toEqual(before);
      expect(before.length).toBe(2 * 100_000 * filler.length + 'He said \u201chello world\u201d twice\n'.length + 4);
    },
    bigFileTimeout,
  );

  it(
    // 2 MB: a search quadratic in the sizes would take hours here as at 10 MB.
    'an oldString of 2 MB not found in a 2 MB file: NO_MATCH within the bound, without echoing the oldString [large input]',
    async () => {
      const { fs, vault } = open({ 'a.md': `${'1: b\n'.repeat(400_000)}` }, { searchTimeout: 120_000 });
      const error = await refused(vault.call('TextEdit', { filePath: 'a.md', oldString: '1: c\n'.repeat(400_000), newString: 'x' }), 'NO_MATCH');
      expect(error.message.length).toBeLessThanOrEqual(bound);
      expect(await sample(fs, 'a.md')).toEqual({ length: 2_000_000, first: 49, middle: 49, last: 10 });
    },
    bigFileTimeout,
  );
});
