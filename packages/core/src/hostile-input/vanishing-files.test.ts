/**
 * Files removed or moved by another call while a call walks the vault: a file listed by the walk
 * and gone when read is passed over, as if listed a moment later; the call does not fail with
 * NOT_FOUND for a file nobody named.
 * Part of the attack suite of @vault/core (this folder): input nobody here wrote, sent as an attacker
 * would who has read the source; each test checks the answer and that nothing changed on a refusal.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryFs, type MemoryFs, type VaultSeed } from '../vault/memory-fs.js';
import { createVault } from '../vault/vault.js';
import { refused } from './__fixtures__/attack-kit.js';

/** A memory backend on which `gone` (a file or a folder) is moved into the trash by "another call" right after the vault root is first listed, or `gone` itself first looked at. */
function createVanishingFs(seed: VaultSeed, gone: string, after: 'listing' | 'stat' = 'listing'): MemoryFs {
  const inner = createMemoryFs(seed);
  let moved = false;
  const vanish = async () => {
    if (moved) return;
    moved = true;
    await inner.makeDirectory('.trash');
    await inner.rename(gone, `.trash/${gone}`);
  };
  return {
    ...inner,
    async readDirectory(path, options) {
      const entries = await inner.readDirectory(path, options);
      if (after === 'listing' && path === '') await vanish();
      return entries;
    },
    async stat(path) {
      const stat = await inner.stat(path);
      if (after === 'stat' && path === gone) await vanish();
      return stat;
    },
  };
}

describe('a file gone between the walk and the read', () => {
  const seed: VaultSeed = { 'a.md': 'hello [[c]]\n', 'b.md': 'hello [[c]]\n', 'c.md': 'hello\n' };

  it('TextSearch passes over it and answers with the others', async () => {
    const fs = createVanishingFs(seed, 'b.md');
    const output = await createVault(fs).call('TextSearch', { query: 'hello', outputMode: 'files_only' });
    expect(output.files.map((file) => file.path)).toEqual(['a.md', 'c.md']);
    expect(output).toMatchObject({ totalFiles: 2, totalSkipped: 0 });
  });

  it('TextSearch of that one file, gone once looked at, says NOT_FOUND', async () => {
    const fs = createVanishingFs(seed, 'b.md', 'stat');
    await refused(createVault(fs).call('TextSearch', { query: 'hello', filePath: 'b.md' }), 'NOT_FOUND');
  });

  it('a link-aware Move passes over a linking note gone since its listing, and rewrites the others', async () => {
    const fs = createVanishingFs(seed, 'b.md');
    const output = await createVault(fs).call('Move', { sourcePath: 'c.md', destinationPath: 'd.md' });
    expect(output.links).toMatchObject({ notesChanged: 1 });
    expect(output.links).toMatchObject({ notJudged: [], notJudgedTotal: 0 });
    expect(fs.toJSON()).toMatchObject({ 'a.md': 'hello [[d]]\n', '.trash/b.md': 'hello [[c]]\n', 'd.md': 'hello\n' });
  });
});

describe('a folder gone between the listing that found it and its own', () => {
  const seed: VaultSeed = { 'a.md': 'hello [[c]]\n', 'sub/b.md': 'hello [[c]]\n', 'sub/deeper/x.md': 'x\n', 'c.md': 'hello\n', 'docs/d.md': 'd\n' };

  it('TextSearch passes over it', async () => {
    const output = await createVault(createVanishingFs(seed, 'sub')).call('TextSearch', { query: 'hello', outputMode: 'files_only' });
    expect(output.files.map((file) => file.path)).toEqual(['a.md', 'c.md']);
  });

  it('ListDirectories passes over what was below it', async () => {
    const output = await createVault(createVanishingFs(seed, 'sub')).call('ListDirectories', {});
    expect(output.directories).toEqual(['docs', 'sub']);
  });

  it('a link-aware Move passes over it, and rewrites the others', async () => {
    const fs = createVanishingFs(seed, 'sub');
    const output = await createVault(fs).call('Move', { sourcePath: 'c.md', destinationPath: 'e.md' });
    expect(output.links).toMatchObject({ notesChanged: 1, notJudged: [] });
    expect(fs.toJSON()).toMatchObject({ 'a.md': 'hello [[e]]\n', '.trash/sub/b.md': 'hello [[c]]\n' });
  });
});
