import { createVault } from '@vault/core';
import { createTempFolder } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { createNodeFs } from './create-node-fs.js';

// SHA-256 known answers (the standard's "abc" vector, Python's hashlib for the rest), through the
// real disk: a small file hashed whole, a large one streamed through Node's hasher in chunks.
describe('fileHash on the real disk, known answers', () => {
  it('gives the first 16 hex characters of SHA-256 for a small file, a streamed large file and a written file', async () => {
    const folder = await createTempFolder({ 'abc.md': 'abc', 'large.md': 'a'.repeat(3_000_000) });
    try {
      const vault = createVault(await createNodeFs(folder.path));
      expect((await vault.call('TextRead', { filePath: 'abc.md' })).fileHash).toBe('ba7816bf8f01cfea');
      expect((await vault.call('TextRead', { filePath: 'large.md', limit: 1 })).fileHash).toBe('2a152c894398719c');
      expect((await vault.call('TextCreate', { filePath: 'hello.md', content: 'hello\n' })).fileHash).toBe('5891b5b522d5df08');
    } finally {
      await folder.remove();
    }
  });
});
