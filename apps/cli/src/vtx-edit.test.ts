import { readFolder } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { useBuiltBin } from './__fixtures__/use-built-bin.js';

const seed = { 'notes/a.md': '# A\r\n\r\nalpha\r\n', 'notes/b.md': 'beta\nalphabet\n' };
const { root, cli } = useBuiltBin(seed);

describe('vtx edit', () => {
  it('refuses a file ending in a line break against --new without one (64), and changes nothing', async () => {
    const refused = await cli(['--vault', '.', 'edit', 'notes/b.md', '--old-file', '-', '--new', 'gamma'], { stdin: 'beta\n' });
    expect(refused).toMatchObject({ code: 64, stdout: '' });
    expect(refused.stderr).toContain(
      "--old-file ends with a line break and --new does not, so the edit would remove a line break, joining two lines. Make them end alike: end --new with a line break too (--new $'text\\n'), or give it with --new-file.",
    );
    expect(await readFolder(root())).toEqual(seed);
    expect((await cli(['--vault', '.', 'edit', 'notes/b.md', '--old-file', '-', '--new', 'gamma\n'], { stdin: 'beta\n' })).code).toBe(0);
    expect((await cli(['--vault', '.', 'edit', 'notes/b.md', '--old-file', '-', '--new', ''], { stdin: 'gamma\n' })).code).toBe(0);
    expect((await readFolder(root()))['notes/b.md']).toBe('alphabet\n');
  });
});
