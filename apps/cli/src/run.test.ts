import { mkdir, rm, stat, symlink, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ErrorCode, errorCodes } from '@vault/core';
import { readFolder } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { exitCodes } from './exit-codes.js';
import { useTempVault } from './__fixtures__/use-temp-vault.js';

const seed = {
  'notes/a.md': '# A\n\nan apple a day\n- [ ] ship it\n',
  'notes/crlf.md': 'one\r\ntwo\r\n',
  'projects/alpha/plan.md': 'Plan: apples and pears\n',
  'data.json': '{"apple": 1}\n',
  '.obsidian/app.md': 'apple\n',
  'empty/': '',
};

const { root, vault, json } = useTempVault(seed);

describe('vtx read', () => {
  it('prints numbered lines and the metadata line, or the typed result with --json', async () => {
    const human = await vault(['read', 'notes/a.md', '--offset', '3', '--limit', '1']);
    expect(human).toMatchObject({ code: 0, stderr: '' });
    expect(human.stdout).toMatch(
      /^3: an apple a day\n\[notes\/a\.md \| totalLines: 4 \| fileHash: [0-9a-f]{16} \| shown: 3-3 \| more: call again with --offset 4\]\n$/,
    );
    const { code, value } = await json(['read', 'notes/crlf.md']);
    expect(code).toBe(0);
    expect(value).toEqual({
      path: 'notes/crlf.md',
      lines: [
        { number: 1, text: 'one' },
        { number: 2, text: 'two' },
      ],
      totalLines: 2,
      fileHash: expect.stringMatching(/^[0-9a-f]{16}$/),
      lineEnding: 'crlf',
      bom: false,
    });
  });

  it('reads on where a long line was cut with --column, as the cut line says in flags', async () => {
    await writeFile(path.join(root(), 'wide.md'), `${'x'.repeat(2000)}yz\n`);
    expect((await vault(['read', 'wide.md'])).stdout).toContain('x … [line cut: 2002 characters; vtx read --offset 1 --limit 1 --column 2001 reads on]\n');
    expect((await vault(['read', 'wide.md', '--column', '2001'])).stdout).toMatch(/^1: \[from character 2001\] …yz\n/);
  });

  it('takes the vault from VAULT_PATH when --vault is not given, and refuses an empty --vault', async () => {
    const result = await vault(['read', 'notes/crlf.md'], { vault: false, env: { VAULT_PATH: root() } });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('1: one\n2: two\n');
    const empty = await vault(['--vault', '', 'rm', 'notes/crlf.md'], { vault: false, env: { VAULT_PATH: root() } });
    expect(empty).toMatchObject({ code: 64, stdout: '' });
    expect(empty.stderr).toContain('--vault is empty');
    expect(await readFolder(root())).toEqual(seed);
  });
});

describe('vtx edit', () => {
  it('replaces a string given as text, even one that starts with a dash, and prints the snippet', async () => {
    const result = await vault(['edit', 'notes/a.md', '--old', '- [ ] ship it', '--new', '- [x] ship it']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Edited notes\/a\.md: 1 replacement, line 4 changed\. fileHash: [0-9a-f]{16}\n2: \n3: an apple a day\n4: - \[x\] ship it\n$/,
    );
    expect((await readFolder(root()))['notes/a.md']).toBe('# A\n\nan apple a day\n- [x] ship it\n');
  });

  it('reads the new string from stdin and the old one from a file, keeping CRLF line endings', async () => {
    const oldFile = path.join(root(), '..', `${path.basename(root())}-old.txt`);
    await writeFile(oldFile, 'one\ntwo');
    try {
      const { code, value } = await json(['edit', 'notes/crlf.md', '--old-file', oldFile, '--new-file', '-'], { stdin: 'one\nand a half\ntwo' });
      expect(code).toBe(0);
      expect(value).toMatchObject({ path: 'notes/crlf.md', replacements: 1, startLine: 2, endLine: 2 });
      expect((await readFolder(root()))['notes/crlf.md']).toBe('one\r\nand a half\r\ntwo\r\n');
    } finally {
      await rm(oldFile);
    }
  });

  it('replaces every occurrence with --replace-all, and guards with --expected-hash', async () => {
    const read = await json(['read', 'notes/a.md']);
    const { value } = await json(['edit', 'notes/a.md', '--old', 'a', '--new', 'A', '--replace-all', '--expected-hash', read.value.fileHash]);
    expect(value.replacements).toBe(4);
    const stale = await vault(['edit', 'notes/a.md', '--old', 'A', '--new', 'a', '--expected-hash', read.value.fileHash]);
    expect(stale.code).toBe(exitCodes.STALE_FILE);
    expect(stale.stderr).toMatch(/^STALE_FILE: notes\/a\.md has changed since you read it/);
  });

  it.each([
    [['--old', 'apple'], /Pass --new TEXT, or --new-file FILE/],
    [['--new', 'pear'], /Pass --old TEXT, or --old-file FILE/],
    [['--old', 'apple', '--old-file', 'x.txt', '--new', 'pear'], /cannot be used with option '--old-file/],
    [['--old-file', '-', '--new-file', '-'], /Only one of --old-file and --new-file can read stdin/],
    [['--old-file', '/no/such/file.txt', '--new', 'pear'], /Cannot read --old-file \/no\/such\/file\.txt: ENOENT/],
  ])('refuses %j as a usage error (64) and changes nothing', async (options, message) => {
    const result = await vault(['edit', 'notes/a.md', ...options]);
    expect(result).toMatchObject({ code: 64, stdout: '' });
    expect(result.stderr).toMatch(message);
    expect(await readFolder(root())).toEqual(seed);
  });
});

describe('vtx create', () => {
  it('writes content from an argument or from stdin with "-", keeping a BOM, and creates parent folders', async () => {
    expect((await vault(['create', 'inbox/one.md', '# One\n'])).stdout).toMatch(/^Created inbox\/one\.md: 1 line\. fileHash: [0-9a-f]{16}\n$/);
    const { code, value } = await json(['create', 'inbox/deep/two.md', '-'], { stdin: '\uFEFFtwo\nlines\n' });
    expect(code).toBe(0);
    expect(value).toEqual({ path: 'inbox/deep/two.md', action: 'created', totalLines: 2, fileHash: expect.any(String) });
    const files = await readFolder(root());
    expect(files['inbox/one.md']).toBe('# One\n');
    expect(files['inbox/deep/two.md']).toBe('\uFEFFtwo\nlines\n');
  });

  it('replaces an existing file only with --overwrite, and creates no folder with --no-create-directories', async () => {
    expect((await vault(['create', 'notes/a.md', 'new'])).code).toBe(exitCodes.ALREADY_EXISTS);
    expect((await json(['create', 'notes/a.md', 'new', '--overwrite'])).value.action).toBe('replaced');
    const refused = await vault(['create', 'missing/b.md', 'b', '--no-create-directories']);
    expect(refused.code).toBe(exitCodes.NOT_FOUND);
    const files = await readFolder(root());
    expect(files['notes/a.md']).toBe('new');
    expect(Object.keys(files).some((file) => file.startsWith('missing'))).toBe(false);
  });

  it('names the flags and commands in its messages, not the parameters and tools, with --json too', async () => {
    const message = 'notes/a.md already exists. Call again with --overwrite to replace it, or use vtx edit to change part of it.';
    expect(await vault(['create', 'notes/a.md', 'new'])).toEqual({ code: exitCodes.ALREADY_EXISTS, stdout: '', stderr: `ALREADY_EXISTS: ${message}\n` });
    expect((await json(['create', 'notes/a.md', 'new'])).value).toEqual({ error: { code: 'ALREADY_EXISTS', message } });
  });

  it('refuses stdin that is not UTF-8 (INVALID_ARGUMENT) and writes nothing', async () => {
    const result = await vault(['create', 'bad.md', '-'], { stdin: new Uint8Array([0x61, 0xff, 0x62]) });
    expect(result.code).toBe(exitCodes.INVALID_ARGUMENT);
    expect(result.stderr).toMatch(/^INVALID_ARGUMENT: stdin \(content\) is not valid UTF-8 text/);
    expect(await readFolder(root())).toEqual(seed);
  });
});

describe('vtx search', () => {
  it('prints matching lines grouped by file, with context, and highlights matches on a colour terminal', async () => {
    const plain = await vault(['search', 'apple', '-C', '1']);
    expect(plain.stdout).toBe(
      [
        'notes/a.md',
        '2- ',
        '3: an apple a day',
        '4- - [ ] ship it',
        'projects/alpha/plan.md',
        '1: Plan: apples and pears',
        '[2 matching lines in 2 files]',
        '',
      ].join('\n'),
    );
    const coloured = await vault(['search', 'apple', '--file', 'notes/a.md'], { color: true });
    expect(coloured.stdout).toContain('\x1b[35mnotes/a.md\x1b[39m\n\x1b[32m3\x1b[39m: an \x1b[1m\x1b[31mapple\x1b[39m\x1b[22m a day');
    expect((await vault(['search', 'apple', '--no-color'], { color: true })).stdout).not.toContain('\x1b[');
    expect((await vault(['search', 'apple', '--color'])).stdout).toContain('\x1b[');
    const error = await vault(['read', 'missing.md'], { errorColor: true });
    expect(error.stderr.startsWith('\x1b[1m\x1b[31mNOT_FOUND\x1b[39m\x1b[22m: ')).toBe(true);
  });

  it('colours as --color=WHEN says: always, never, or auto (as the terminal can)', async () => {
    const coloured = async (argv: string[], color = false) =>
      (await vault(['search', 'apple', ...argv], { color, errorColor: color })).stdout.includes('\x1b[');
    expect(await coloured(['--color=always'])).toBe(true);
    expect(await coloured(['--color', 'always'])).toBe(true);
    expect(await coloured(['--color=never'], true)).toBe(false);
    expect(await coloured(['--color=auto'], true)).toBe(true);
    expect(await coloured(['--color=auto'])).toBe(false);
    expect((await vault(['--color=never', 'read', 'missing.md'], { errorColor: true })).stderr).toMatch(/^NOT_FOUND: /);
    const refused = await vault(['--color', 'search', 'apple']);
    expect(refused).toMatchObject({ code: 64, stdout: '' });
    expect(refused.stderr).toContain(
      "argument 'search' is invalid. Pass always, never or auto. Before a command, write --color=always: --color takes the word after it.",
    );
  });

  it('narrows with --dir, --glob and --regex, lists files with --files-only, and gives the typed result with --json', async () => {
    expect((await vault(['search', 'apple', '--dir', 'projects', '--files-only'])).stdout).toBe(
      'projects/alpha/plan.md: 1\n[1 matching line in 1 file (the count after each file is its matching lines)]\n',
    );
    expect((await vault(['search', '^plan', '--regex', '--glob', 'plan.*', '-l'])).stdout).toBe(
      'projects/alpha/plan.md: 1\n[1 matching line in 1 file (the count after each file is its matching lines)]\n',
    );
    const limited = await json(['search', 'apple', '--extensions', '.md,.json', '-m', '1']);
    expect(limited.value).toMatchObject({
      totalMatches: 3,
      totalFiles: 3,
      truncated: true,
      files: [{ path: 'data.json', matches: 1, lines: [{ number: 1, ranges: [{ start: 2, end: 7 }] }] }],
    });
  });

  it('takes a query or content that starts with "-" after --, and says so when it is missing', async () => {
    const refused = await vault(['search', '- [ ]']);
    expect(refused).toMatchObject({ code: 64, stdout: '' });
    expect(refused.stderr).toContain(`error: unknown option '- [ ]'`);
    expect(refused.stderr).toContain('put -- before it');
    expect((await vault(['search', '--glbo', '*.md', 'x'])).stderr).not.toContain('put -- before it');
    expect((await vault(['search', '--files-only', '--', '- [ ]'])).stdout).toBe(
      'notes/a.md: 1\n[1 matching line in 1 file (the count after each file is its matching lines)]\n',
    );
    expect((await vault(['create', 'list.md', '--', '- first\n'])).code).toBe(0);
    expect((await readFolder(root()))['list.md']).toBe('- first\n');
  });

  it('searches hidden folders only with --allow-hidden', async () => {
    expect((await json(['search', 'apple', '--dir', '.obsidian'])).value.error.code).toBe('HIDDEN_PATH');
    expect((await json(['search', 'apple', '--dir', '.obsidian', '--allow-hidden'])).value.totalMatches).toBe(1);
  });
});

describe('vtx tree, ls, mv, rm', () => {
  it('lists folders and files', async () => {
    expect((await vault(['tree'])).stdout).toBe('empty/\nnotes/\nprojects/\nprojects/alpha/\n[4 folders below the vault root]\n');
    expect((await vault(['tree', '--max-depth', '1'])).stdout).toContain('[3 folders below the vault root; more folders exist below');
    expect((await json(['tree', 'projects'])).value).toEqual({ directory: 'projects', directories: ['projects/alpha'], truncated: false });
    expect((await vault(['ls', 'notes'])).stdout).toBe('a.md 34\ncrlf.md 10\n[2 files in notes/, sizes in bytes]\n');
    expect((await vault(['ls', 'notes', '-m', '1'])).stdout).toBe(
      'a.md 34\n[2 files in notes/, sizes in bytes; showing the first 1 (raise --max-results, or find files by name with vtx search --glob)]\n',
    );
    expect((await json(['ls'])).value).toEqual({ directory: '', files: [], totalFiles: 0, folders: 3 });
  });

  it('shows names holding terminal escapes and line breaks escaped, in colour too: nothing reaches the terminal raw', async () => {
    await writeFile(path.join(root(), 'notes/\u001b[2J\u001b[31mred.md'), 'x\n');
    await mkdir(path.join(root(), 'evil\n[1 file in the vault root]'));
    for (const color of [false, true]) {
      const listing = (await vault(['ls', 'notes'], { color })).stdout;
      expect(listing).toContain('\\u001b[2J\\u001b[31mred.md');
      // Only the colours the CLI itself adds (ESC [ ... m around whole parts), never the name's "ESC [2J".
      expect(listing).not.toContain('\u001b[2J');
      const tree = (await vault(['tree'], { color })).stdout;
      expect(tree).toContain('evil\\n[1 file in the vault root]/');
      expect(tree.split('\n').filter((line) => line.startsWith('[1 file'))).toEqual([]);
    }
  });

  it('moves a file, removes it to the trash, and moves it back', async () => {
    expect((await vault(['mv', 'notes/a.md', 'archive/a.md'])).stdout).toBe('Moved file notes/a.md to archive/a.md; no link needed rewriting\n');
    expect((await json(['mv', 'projects', 'archive/projects'])).value).toEqual({
      source: 'projects',
      destination: 'archive/projects',
      kind: 'directory',
      dryRun: false,
      links: { rewritten: [], rewrittenTotal: 0, notesChanged: 0, notJudged: [], notJudgedTotal: 0, notes: [] },
    });
    expect((await json(['rm', 'archive/a.md'])).value).toEqual({ path: 'archive/a.md', trashPath: '.trash/archive/a.md', linkedFrom: [], linkedFromTotal: 0 });
    expect((await vault(['mv', '.trash/archive/a.md', 'notes/a.md'])).code).toBe(0);
    expect((await vault(['rm', 'notes/crlf.md'])).stdout).toBe(
      'Moved notes/crlf.md to the trash: .trash/notes/crlf.md (Move it back to restore it; TextSearch on the folder .trash lists the trash)\n',
    );
    const files = await readFolder(root());
    expect(files['notes/a.md']).toBe(seed['notes/a.md']);
    expect(files['.trash/notes/crlf.md']).toBe(seed['notes/crlf.md']);
    expect(files['notes/crlf.md']).toBeUndefined();
  });

  it('rewrites the links to what moves, or only shows them with --dry-run, or leaves them with --no-update-links', async () => {
    await writeFile(path.join(root(), 'index.md'), 'see [[plan]] and [the plan](projects/alpha/plan.md)\r\n');
    const planned = await vault(['mv', 'projects/alpha/plan.md', 'projects/beta/plan.md', '--dry-run']);
    expect(planned.stdout).toBe(
      'Dry run, nothing changed: would move file projects/alpha/plan.md to projects/beta/plan.md; 1 link to rewrite in 1 note\nindex.md:1: [the plan](projects/alpha/plan.md) -> [the plan](plan.md)\n',
    );
    expect((await readFolder(root()))['projects/alpha/plan.md']).toBe(seed['projects/alpha/plan.md']);
    expect((await vault(['mv', 'projects/alpha/plan.md', 'projects/beta/plan.md'])).code).toBe(0);
    expect((await readFolder(root()))['index.md']).toBe('see [[plan]] and [the plan](plan.md)\r\n');
    expect((await vault(['mv', 'projects/beta/plan.md', 'roadmap.md', '--no-update-links'])).stdout).toBe(
      'Moved file projects/beta/plan.md to roadmap.md (links not updated)\n',
    );
    expect((await readFolder(root()))['index.md']).toBe('see [[plan]] and [the plan](plan.md)\r\n');
  });
});

describe('exit codes', () => {
  it('gives every error code an exit code of its own, apart from 0, 1 and 64', () => {
    const codes = Object.values(exitCodes);
    expect(new Set(codes).size).toBe(errorCodes.length);
    expect(codes.filter((code) => [0, 1, 64].includes(code) || code > 125)).toEqual([]);
  });

  const write = (file: string, content: string | Uint8Array) => (root: string) => writeFile(path.join(root, file), content);
  /** A command line that fails with each code, with what it needs in the vault; the compiler checks that the list is complete. */
  const failures: Record<ErrorCode, { argv: string[]; setup?: (root: string) => Promise<unknown> }> = {
    NOT_FOUND: { argv: ['read', 'notes/missing.md'] },
    ALREADY_EXISTS: { argv: ['create', 'notes/a.md', 'x'] },
    NOT_A_FILE: { argv: ['read', 'folder.md'], setup: (root) => mkdir(path.join(root, 'folder.md')) },
    NOT_A_DIRECTORY: { argv: ['ls', 'notes/a.md'] },
    PATH_OUTSIDE_VAULT: { argv: ['read', '../outside.md'] },
    EXTENSION_NOT_ALLOWED: { argv: ['read', 'data.json'] },
    HIDDEN_PATH: { argv: ['read', '.obsidian/app.md'] },
    INVALID_ARGUMENT: { argv: ['read', 'notes/a.md', '--offset', '99'] },
    NO_MATCH: { argv: ['edit', 'notes/a.md', '--old', 'banana', '--new', 'pear'] },
    AMBIGUOUS_MATCH: { argv: ['edit', 'notes/a.md', '--old', 'a', '--new', 'A'] },
    STALE_FILE: { argv: ['edit', 'notes/a.md', '--old', 'apple', '--new', 'pear', '--expected-hash', '0000000000000000'] },
    NOT_TEXT: { argv: ['read', 'binary.md'], setup: write('binary.md', new Uint8Array([0x61, 0x00, 0x62])) },
    // A sparse file over the 128 MiB limit: refused before it is read.
    FILE_TOO_LARGE: {
      argv: ['edit', 'huge.md', '--old', 'a', '--new', 'b'],
      setup: (root) => write('huge.md', '')(root).then(() => truncate(path.join(root, 'huge.md'), 129 * 1024 * 1024)),
    },
    PERMISSION_DENIED: { argv: ['--read-only', 'rm', 'notes/a.md'] },
    TIMEOUT: { argv: ['search', 'line', '--timeout', '0'], setup: write('long.md', 'line\n'.repeat(300_000)) },
    IO_ERROR: {
      argv: ['read', 'loop.md'],
      setup: (root) => Promise.all([symlink('loop-2.md', path.join(root, 'loop.md')), symlink('loop.md', path.join(root, 'loop-2.md'))]),
    },
  };

  it.each(errorCodes)('exits with the code of %s, naming it on stderr, or in JSON on stdout with --json', async (errorCode) => {
    const { argv, setup } = failures[errorCode];
    await setup?.(root());
    // The huge file is left out of the before-and-after comparison; its size shows it untouched.
    const contents = async () => (errorCode === 'FILE_TOO_LARGE' ? (await stat(path.join(root(), 'huge.md'))).size : readFolder(root()));
    const before = await contents();

    const human = await vault(argv);
    expect(human).toMatchObject({ code: exitCodes[errorCode], stdout: '' });
    // One message: what failed and the next step, then (AMBIGUOUS_MATCH) the matching lines.
    expect(human.stderr).toMatch(new RegExp(`^${errorCode}: \\S[^\\n]*\\.(\\nline \\d+: [^\\n]*)*\\n$`));
    const machine = await json(argv);
    expect(machine.code).toBe(exitCodes[errorCode]);
    expect(machine.value.error).toMatchObject({ code: errorCode, message: expect.any(String) });
    expect(await contents()).toEqual(before);
  });

  it('exits with 64 for usage errors, printing what is wrong', async () => {
    for (const argv of [[], ['bogus'], ['read'], ['read', 'a.md', '--offset', 'x'], ['read', 'a.md', 'b.md'], ['--extensions', ',', 'ls']]) {
      const result = await vault(argv);
      expect(result.code, argv.join(' ')).toBe(64);
      expect(result.stdout).toBe('');
      expect(result.stderr).not.toBe('');
    }
  });
});

describe('help and version', () => {
  it.each(['read', 'edit', 'create', 'search', 'tree', 'ls', 'mv', 'rm'])('shows help with an example for vault %s', async (command) => {
    const result = await vault([command, '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Usage: vtx ${command} `);
    expect(result.stdout).toMatch(new RegExp(`Examples?:\\n  vtx ${command} `));
    expect(result.stdout).toContain('--json');
  });

  it('lists the commands and the exit codes, and prints the version', async () => {
    const help = await vault(['--help']);
    expect(help.stdout).toMatch(/Commands:\n {2}read \[options\] <file>/);
    expect(help.stdout).toContain('  13  NOT_TEXT\n');
    expect((await vault(['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
