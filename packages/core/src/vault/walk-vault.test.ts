import { describe, expect, it } from 'vitest';
import { createSymlinkFs } from '../hostile-input/__fixtures__/create-symlink-fs.js';
import { createMemoryFs } from './memory-fs.js';
import { VaultError } from './vault-error.js';
import type { VaultFs } from './vault-fs.js';
import { walkVault } from './walk-vault.js';

const seed = { 'a.md': 'a', 'b/c.md': 'c', 'b/d/e.md': 'e', 'f/g.md': 'g' };

async function walked(fs: VaultFs, directory = '', options: Parameters<typeof walkVault>[2] = {}) {
  const found: string[] = [];
  for await (const { path, depth, entry } of walkVault(fs, directory, options)) found.push(`${depth} ${entry.kind === 'directory' ? `${path}/` : path}`);
  return found.sort();
}

/** A backend that counts the folders it lists, and fails to list those named in `unreadable`. */
function countingFs(unreadable: string[] = []) {
  const inner = createMemoryFs(seed);
  const listed: string[] = [];
  const fs: VaultFs = {
    ...inner,
    async readDirectory(path, options) {
      listed.push(path);
      if (unreadable.includes(path)) throw new VaultError('PERMISSION_DENIED', `${path} cannot be read.`);
      return inner.readDirectory(path, options);
    },
  };
  return { fs, listed };
}

describe('walkVault', () => {
  it('gives every entry below a folder, breadth first, with its depth', async () => {
    expect(await walked(createMemoryFs(seed))).toEqual(['1 a.md', '1 b/', '1 f/', '2 b/c.md', '2 b/d/', '2 f/g.md', '3 b/d/e.md']);
    expect(await walked(createMemoryFs(seed), 'b')).toEqual(['1 b/c.md', '1 b/d/', '2 b/d/e.md']);
  });

  it('enters only the folders `enter` takes, and never a symlinked one', async () => {
    expect(await walked(createMemoryFs(seed), '', { enter: ({ path }) => path !== 'b' })).toEqual(['1 a.md', '1 b/', '1 f/', '2 f/g.md']);
    const fs = createSymlinkFs(seed, { view: 'b', 'note.md': 'a.md' });
    const found = await walked(fs);
    expect(found).toContain('1 view/');
    expect(found).toContain('1 note.md');
    expect(found.filter((entry) => entry.includes('view/'))).toEqual(['1 view/']);
  });

  it('checks the deadline before each level, and stops reading when the caller leaves the loop', async () => {
    const { fs, listed } = countingFs();
    let levels = 0;
    for await (const { path } of walkVault(fs, '', { checkDeadline: () => (levels += 1) })) if (path === 'b') break;
    expect(listed).toEqual(['']);
    expect(levels).toBe(1);
    await walked(fs, '', { checkDeadline: () => (levels += 1) });
    expect(levels).toBe(1 + 3);
    const timedOut = walked(fs, '', {
      checkDeadline: () => {
        throw new VaultError('TIMEOUT', 'out of time');
      },
    });
    await expect(timedOut).rejects.toMatchObject({ code: 'TIMEOUT' });
  });

  it('passes over a folder gone since its listing; fails on one it cannot read unless told to pass over it', async () => {
    const gone = createMemoryFs(seed);
    const fs: VaultFs = {
      ...gone,
      readDirectory: async (path, options) => (path === 'b' ? Promise.reject(new VaultError('NOT_FOUND', 'gone')) : gone.readDirectory(path, options)),
    };
    expect(await walked(fs)).toEqual(['1 a.md', '1 b/', '1 f/', '2 f/g.md']);
    await expect(walked(countingFs(['f']).fs)).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    const passedOver: string[] = [];
    const passOver = (folder: string, error: VaultError) => passedOver.push(`${folder} ${error.code}`) > 0;
    expect(await walked(countingFs(['f']).fs, '', { passOver })).toEqual(['1 a.md', '1 b/', '1 f/', '2 b/c.md', '2 b/d/', '3 b/d/e.md']);
    expect(passedOver).toEqual(['f PERMISSION_DENIED']);
  });
});

describe('walkVault on a wide level', () => {
  it('reads a bounded number of folders at once (each holds a descriptor open: 30,000 at once passed the open-file limit)', async () => {
    const inner = createMemoryFs(Object.fromEntries(Array.from({ length: 2_000 }, (_, index) => [`f${index}/n.md`, 'n'])));
    let open = 0;
    let most = 0;
    const fs: VaultFs = {
      ...inner,
      async readDirectory(path, options) {
        open += 1;
        most = Math.max(most, open);
        // Each read waits a turn, so that reads started together overlap.
        await new Promise((resolve) => setImmediate(resolve));
        try {
          return await inner.readDirectory(path, options);
        } finally {
          open -= 1;
        }
      },
    };
    expect((await walked(fs)).length).toBe(4_000);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(64);
  });
});
