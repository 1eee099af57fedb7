import { describe, expect, it } from 'vitest';
import { looksLikeRegex } from './define-search-command.js';
import { exitCodes } from './exit-codes.js';
import { searchSeed } from './__fixtures__/search-seed.js';
import { useTempVault } from './__fixtures__/use-temp-vault.js';

const { vault, json } = useTempVault(searchSeed);

describe('vtx search: its exit codes, and the --regex hint', () => {
  it('finds files by name with no query, and exits with 1 when none is found', async () => {
    const found = await json(['search', '-g', '*c4996*']);
    expect(found.code).toBe(0);
    expect(found.value).toMatchObject({ files: [{ path: 'notes/warnings/c4996.md' }], totalFiles: 1, truncated: false });
    expect((await vault(['search', '-g', '*c4996*'])).stdout).toContain('notes/warnings/c4996.md\n');
    const none = await vault(['search', '-g', '*c4997*']);
    expect(none).toMatchObject({ code: 1, stderr: '' });
    expect(none.stdout).not.toBe('');
  });

  it('exits with 1 when nothing matched, printing the answer all the same, and prints nothing with -q', async () => {
    expect(await vault(['search', 'zebra'])).toEqual({ code: 1, stdout: '[No matches]\n', stderr: '' });
    const machine = await json(['search', 'zebra']);
    expect(machine).toMatchObject({ code: 1, value: { totalMatches: 0, totalFiles: 0, files: [] } });
    expect(await vault(['search', '-q', 'todo'])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await vault(['--json', 'search', '--quiet', 'zebra'])).toEqual({ code: 1, stdout: '', stderr: '' });
    const failed = await vault(['search', '-q', 'todo', 'missing']);
    expect(failed).toMatchObject({ code: exitCodes.NOT_FOUND, stdout: '' });
    expect(failed.stderr).toMatch(/^NOT_FOUND: /);
  });

  it('asks "did you mean --regex?" when a literal query that looks like a regex found nothing', async () => {
    const hinted = await vault(['search', 'water.*plant']);
    expect(hinted).toEqual({
      code: 1,
      stdout: '[No matches]\n',
      stderr: 'The query "water.*plant" looks like a regular expression, but was searched for as literal text: did you mean --regex?\n',
    });
    expect((await vault(['search', 'water.*plant', '--regex'])).code).toBe(0);
    for (const argv of [['zebra'], ['-q', 'water.*plant'], ['zeb.*ra', '--regex']]) expect((await vault(['search', ...argv])).stderr).toBe('');
  });

  it.each([
    ['.*', true],
    ['a.+b', true],
    ['^## ', true],
    ['end$', true],
    ['\\d+', true],
    ['\\bword', true],
    ['TODO|FIXME', true],
    ['(group)', true],
    ['- [ ] task', false],
    ['costs $5', false],
    ['a.b', false],
    ['plain words', false],
  ])('looksLikeRegex(%j) is %s', (query, expected) => {
    expect(looksLikeRegex(query)).toBe(expected);
  });
});
