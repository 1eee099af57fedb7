import { describe, expect, it } from 'vitest';
import { exitCodes } from './exit-codes.js';
import { wholeWords } from './define-search-command.js';
import { searchSeed } from './__fixtures__/search-seed.js';
import { useTempVault } from './__fixtures__/use-temp-vault.js';

const { vault, json } = useTempVault(searchSeed);
const matches = async (...argv: string[]) => (await json(['search', ...argv])).value.totalMatches;

describe('vtx search, with ripgrep habits', () => {
  it('ignores case with -i and matches it with -s, whatever the query; of the two, the last wins', async () => {
    // "todo" is in TODO:, todo: and mastodon.
    expect(await matches('TODO')).toBe(1);
    expect(await matches('TODO', '-i')).toBe(3);
    expect(await matches('todo', '-s')).toBe(2);
    expect(await matches('todo', '-s', '-i')).toBe(3);
    expect(await matches('todo', '-i', '-s')).toBe(2);
    expect((await json(['search', 'todo', '--ignore-case'])).value.caseSensitive).toBe(false);
  });

  it('takes the query literally with -F, as a regex with --regex: the last of the two wins', async () => {
    expect(await matches('a.*b')).toBe(1);
    expect(await matches('a.*b', '--regex', '-F')).toBe(1);
    expect(await matches('a.*b', '-F', '--regex')).toBe(3);
    expect(await matches('a.*b', '--fixed-strings')).toBe(1);
  });

  it('matches whole words with -w, of a literal (escaped) or of a regex', async () => {
    // Searches only read: started at once (each regex search starts search workers of its own).
    const [literal, words, regex, regexWords, escaped, refused] = await Promise.all([
      matches('todo'),
      matches('todo', '-w'),
      matches('toot|plan', '--regex'),
      matches('toot|plan', '--regex', '--word-regexp'),
      vault(['search', 'a.*b', '-w']),
      vault(['search', '-w', '-g', '*.md']),
    ]);
    expect(literal).toBe(3);
    expect(words).toBe(2);
    expect(regex).toBe(3);
    expect(regexWords).toBe(1);
    expect(escaped.stdout).toBe('projects/plan.md\n1: the plan: a.*b, taken literally\n[1 matching line in 1 file]\n');
    expect(refused).toMatchObject({ code: 64, stdout: '' });
    expect(refused.stderr).toContain('-w (--word-regexp) needs a query');
  });

  it.each([
    ['a.b', false, '\\b(?:a\\.b)\\b'],
    ['(x)|[y]{2}^$+?\\', false, '\\b(?:\\(x\\)\\|\\[y\\]\\{2\\}\\^\\$\\+\\?\\\\)\\b'],
    ['a|b', true, '\\b(?:a|b)\\b'],
  ])('wholeWords(%j, regex %s) is %j', (query, regex, expected) => {
    expect(wholeWords(query, regex)).toBe(expected);
  });

  it('searches below a folder or in a file given as the path, judged inside the vault', async () => {
    expect((await vault(['search', 'todo', 'notes', '-l'])).stdout).toBe(
      'notes/todo.md: 3\n[3 matching lines in 1 file (the count after each file is its matching lines)]\n',
    );
    expect((await vault(['search', 'todo', 'notes/todo.md', '-w'])).stdout).toBe(
      'notes/todo.md\n1: TODO: call Ada\n2: todo: water the plants\n[2 matching lines in 1 file]\n',
    );
    // A file is passed as filePath: its extension is judged, where a folder would be NOT_A_DIRECTORY.
    expect((await vault(['search', 'todo', 'data.json'])).code).toBe(exitCodes.EXTENSION_NOT_ALLOWED);
    expect((await vault(['search', 'todo', 'missing'])).code).toBe(exitCodes.NOT_FOUND);
    expect((await vault(['search', 'todo', '../outside'])).code).toBe(exitCodes.PATH_OUTSIDE_VAULT);
  });

  it.each([
    [['todo', 'notes', 'projects'], 'search takes one path, a file or a folder; it got 2.'],
    [['todo', 'notes', '--dir', 'projects'], 'Give the path to search as an argument or with --file or --dir, not both.'],
    [['todo', '-g', '*.md', '-g', '*.txt'], "Give one glob: the search takes one pattern. Join them with braces, as in '*.{md,txt}'."],
  ])('refuses %j as a usage error', async (argv, message) => {
    const result = await vault(['search', ...argv]);
    expect(result).toMatchObject({ code: 64, stdout: '' });
    expect(result.stderr).toContain(message);
  });

  it('narrows with -g, the letter of --glob', async () => {
    expect((await vault(['search', 'todo', '-g', 'c4996.*', '-l'])).code).toBe(1);
    expect((await vault(['search', 'todo', '-g', 'todo.*', '-l'])).stdout).toBe(
      'notes/todo.md: 3\n[3 matching lines in 1 file (the count after each file is its matching lines)]\n',
    );
  });

  it('takes -m for the most results, and -n (line numbers, always shown) as a no-op', async () => {
    const { value } = await json(['search', 'todo', '-m', '1', '-n']);
    expect(value).toMatchObject({ totalMatches: 3, truncated: true, files: [{ path: 'notes/todo.md', lines: [{ number: 1, text: 'TODO: call Ada' }] }] });
    expect((await vault(['search', 'todo', '-n', '-w'])).stdout).toBe(
      'notes/todo.md\n1: TODO: call Ada\n2: todo: water the plants\n[2 matching lines in 1 file]\n',
    );
  });
});
