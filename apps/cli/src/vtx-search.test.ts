import { describe, expect, it } from 'vitest';
import { useBuiltBin } from './__fixtures__/use-built-bin.js';

const { cli } = useBuiltBin({ 'notes/a.md': '# A\r\n\r\nalpha\r\n', 'notes/b.md': 'beta\nalphabet\n' });

describe('vtx search, like ripgrep', () => {
  it('takes -i, -w, -g and a path; exits with 1 when nothing matched, -q printing nothing', async () => {
    const search = (...args: string[]) => cli(['--vault', '.', 'search', ...args]);
    // Searches only read: started at once.
    const [insensitive, inFolder, nothing, quiet, quietNothing, regexLike] = await Promise.all([
      search('ALPHA', '-i', '-w', 'notes/a.md'),
      search('alpha', 'notes', '-g', 'b.*', '-m', '1', '-n'),
      search('omega'),
      search('-q', 'alpha'),
      search('-q', 'omega'),
      search('alph.*bet'),
    ]);
    expect(insensitive).toEqual({ code: 0, stderr: '', stdout: 'notes/a.md\n3: alpha\n[1 matching line in 1 file]\n' });
    expect(inFolder).toEqual({ code: 0, stderr: '', stdout: 'notes/b.md\n2: alphabet\n[1 matching line in 1 file]\n' });
    expect(nothing).toEqual({ code: 1, stderr: '', stdout: '[No matches]\n' });
    expect(quiet).toEqual({ code: 0, stderr: '', stdout: '' });
    expect(quietNothing).toEqual({ code: 1, stderr: '', stdout: '' });
    expect(regexLike).toEqual({
      code: 1,
      stdout: '[No matches]\n',
      stderr: 'The query "alph.*bet" looks like a regular expression, but was searched for as literal text: did you mean --regex?\n',
    });
  });

  it('finds files by name with no query, exiting with 1 when none is found', async () => {
    const [found, none] = await Promise.all([cli(['--vault', '.', '--json', 'search', '-g', '*b.md']), cli(['--vault', '.', 'search', '-g', '*c.md'])]);
    expect(found).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(found.stdout)).toMatchObject({ files: [{ path: 'notes/b.md' }], totalFiles: 1 });
    expect(none.code).toBe(1);
  });
});
