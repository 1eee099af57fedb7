import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createTempFolder, readFolder, type TempFolder } from '@vault/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/vtx.js', import.meta.url));
const seed = { 'notes/a.md': '# A\r\n\r\nalpha\r\n', 'notes/b.md': 'beta\nalphabet\n' };

let vault: TempFolder;
beforeEach(async () => {
  vault = await createTempFolder(seed);
});
afterEach(async () => {
  await vault.remove();
});

interface CliOptions {
  stdin?: string;
  closeStdoutEarly?: boolean;
  /** Added to the environment; NO_COLOR and FORCE_COLOR are unset unless given (Node 22 warns on stderr when both are set, even empty). */
  env?: Record<string, string>;
  /** Run on a pseudo-terminal (util-linux `script`), stdout and stderr both on it. */
  terminal?: boolean;
}

const quoted = (argument: string) => `'${argument.replaceAll("'", `'\\''`)}'`;

/** Runs the built bin on the temp vault (its working folder), with `stdin` piped in, to its end. */
async function cli(args: string[], { stdin = '', closeStdoutEarly = false, env = {}, terminal = false }: CliOptions = {}) {
  const [command, commandArgs] = terminal ? ['script', ['-qec', [process.execPath, bin, ...args].map(quoted).join(' '), '/dev/null']] : [process.execPath, [bin, ...args]];
  // CI=true is what `.ci/run` sets: it must not turn colours on for a pipe. Empty variables count as unset.
  const child = spawn(command as string, commandArgs as string[], { cwd: vault.path, env: { ...process.env, VAULT_PATH: '', NO_COLOR: undefined, FORCE_COLOR: undefined, CI: 'true', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    if (closeStdoutEarly) child.stdout.destroy();
  });
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(stdin);
  const [code] = (await once(child, 'exit')) as [number];
  return { code, stdout, stderr };
}

/** What the bin says on stderr when the vault is the current folder because nothing named one. */
const currentFolderNotice = () => `vtx: using the current folder ${vault.path} as the vault (pass --vault or set VAULT_PATH)\n`;

describe('the vtx bin', () => {
  it('reads, edits from stdin, searches and removes, on the current folder as the vault, saying so on stderr', async () => {
    const read = await cli(['read', 'notes/a.md']);
    expect(read).toMatchObject({ code: 0, stderr: currentFolderNotice() });
    expect(read.stdout).toMatch(/^1: # A\n2: \n3: alpha\n\[notes\/a\.md \| totalLines: 3 \| fileHash: [0-9a-f]{16} \| lineEnding: crlf \| shown: 1-3\]\n$/);

    const edit = await cli(['edit', 'notes/a.md', '--old', 'alpha', '--new-file', '-'], { stdin: 'alpha\nomega' });
    expect(edit).toMatchObject({ code: 0, stderr: currentFolderNotice() });
    expect(edit.stdout).toContain('4: omega');

    const search = await cli(['search', 'alpha']);
    expect(search).toEqual({ code: 0, stderr: currentFolderNotice(), stdout: 'notes/a.md\n3: alpha\nnotes/b.md\n2: alphabet\n[2 matching lines in 2 files]\n' });

    const remove = await cli(['--json', 'rm', 'notes/b.md']);
    expect(remove).toMatchObject({ code: 0, stderr: currentFolderNotice() });
    expect(JSON.parse(remove.stdout)).toEqual({ path: 'notes/b.md', trashPath: '.trash/notes/b.md', linkedFrom: [], linkedFromTotal: 0 });

    expect(await readFolder(vault.path)).toEqual({ 'notes/a.md': '# A\r\n\r\nalpha\r\nomega\r\n', '.trash/notes/b.md': 'beta\nalphabet\n' });
  });

  it('says nothing of the vault when --vault or VAULT_PATH names it', async () => {
    // Read-only runs, started at once (each is a process of its own).
    const [named, fromEnv] = await Promise.all([cli(['--vault', '.', 'search', '-q', 'beta']), cli(['search', '-q', 'beta'], { env: { VAULT_PATH: vault.path } })]);
    expect(named).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(fromEnv).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('exits with the error code and the message on stderr, naming flags and commands', async () => {
    // Runs that change nothing, started at once.
    const [result, exists, usage] = await Promise.all([cli(['--vault', '.', 'read', 'notes/missing.md']), cli(['--vault', '.', 'create', 'notes/a.md', 'x']), cli(['read'])]);
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'NOT_FOUND: notes/missing.md does not exist. Check the path with vtx ls or vtx search.\n' });
    expect(exists).toEqual({ code: 3, stdout: '', stderr: 'ALREADY_EXISTS: notes/a.md already exists. Call again with --overwrite to replace it, or use vtx edit to change part of it.\n' });
    expect(usage.code).toBe(64);
    expect(await readFolder(vault.path)).toEqual(seed);
  });

  it('names flags in the human output too', async () => {
    const read = await cli(['--vault', '.', 'read', 'notes/b.md', '--limit', '1']);
    expect(read).toMatchObject({ code: 0, stderr: '' });
    expect(read.stdout).toMatch(/ \| more: call again with --offset 2\]\n$/);
  });

  it('stops quietly when the reader of its output goes away', async () => {
    await cli(['create', 'long.md', '-'], { stdin: 'alpha\n'.repeat(200_000) });
    const result = await cli(['--vault', '.', 'search', 'alpha', '--max-results', '200000'], { closeStdoutEarly: true });
    expect(result).toMatchObject({ code: 0, stderr: '' });
  });

  it('exits with 70, not 1, when it crashes: here, writing its help to a full device', async () => {
    const full = openSync('/dev/full', 'w');
    try {
      const child = spawn(process.execPath, [bin, '--help'], { stdio: ['ignore', full, 'pipe'] });
      let stderr = '';
      child.stderr!.on('data', (chunk) => (stderr += chunk));
      const [code] = (await once(child, 'exit')) as [number];
      expect(code).toBe(70);
      expect(stderr).toMatch(/^vtx: the command failed unexpectedly: Error: ENOSPC/);
    } finally {
      closeSync(full);
    }
  });

  it('lists exit code 1 (search found nothing) and 70 in its help', async () => {
    const help = await cli(['--help']);
    expect(help.stdout).toContain('Exit codes:\n  0   success\n  1   search found nothing\n  2   NOT_FOUND\n');
    expect(help.stdout).toContain('  64  usage error\n  70  the CLI itself failed (not built, or crashed)\n');
  });
});

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

describe('vtx edit', () => {
  it('refuses a file ending in a line break against --new without one (64), and changes nothing', async () => {
    const refused = await cli(['--vault', '.', 'edit', 'notes/b.md', '--old-file', '-', '--new', 'gamma'], { stdin: 'beta\n' });
    expect(refused).toMatchObject({ code: 64, stdout: '' });
    expect(refused.stderr).toContain(
      "--old-file ends with a line break and --new does not, so the edit would remove a line break, joining two lines. Make them end alike: end --new with a line break too (--new $'text\\n'), or give it with --new-file.",
    );
    expect(await readFolder(vault.path)).toEqual(seed);
    expect((await cli(['--vault', '.', 'edit', 'notes/b.md', '--old-file', '-', '--new', 'gamma\n'], { stdin: 'beta\n' })).code).toBe(0);
    expect((await cli(['--vault', '.', 'edit', 'notes/b.md', '--old-file', '-', '--new', ''], { stdin: 'gamma\n' })).code).toBe(0);
    expect((await readFolder(vault.path))['notes/b.md']).toBe('alphabet\n');
  });
});

describe('colours', () => {
  const coloured = '\x1b[';

  // CI left empty: Node's detection gives a terminal no colours under CI.
  it('colours a terminal when NO_COLOR is empty, not when it is set, nor on a dumb terminal', async () => {
    const search = (env: Record<string, string>) => cli(['--vault', '.', 'search', 'beta'], { terminal: true, env: { TERM: 'xterm-256color', CI: '', ...env } });
    const plain = 'notes/b.md\r\n1: beta\r\n[1 matching line in 1 file]\r\n';
    // Read-only runs, each on a terminal of its own: started at once.
    const [noColorEmpty, noColor, dumb, forceColorZero] = await Promise.all([search({ NO_COLOR: '' }), search({ NO_COLOR: '1' }), search({ TERM: 'dumb' }), search({ FORCE_COLOR: '0' })]);
    expect(noColorEmpty.stdout).toBe('\x1b[35mnotes/b.md\x1b[39m\r\n\x1b[32m1\x1b[39m: \x1b[1m\x1b[31mbeta\x1b[39m\x1b[22m\r\n\x1b[2m[1 matching line in 1 file]\x1b[22m\r\n');
    expect(noColor).toEqual({ code: 0, stderr: '', stdout: plain });
    expect(dumb).toEqual({ code: 0, stderr: '', stdout: plain });
    expect(forceColorZero).toEqual({ code: 0, stderr: '', stdout: plain });
  });

  it('colours a pipe only when asked: FORCE_COLOR set to a non-empty value, or --color', async () => {
    // Read-only runs: started at once.
    const [pipe, forced, always, never] = await Promise.all([
      cli(['--vault', '.', 'search', 'beta']),
      cli(['--vault', '.', 'search', 'beta'], { env: { FORCE_COLOR: '1' } }),
      cli(['--vault', '.', 'search', 'beta', '--color=always']),
      cli(['--vault', '.', 'search', 'beta', '--color=never'], { env: { FORCE_COLOR: '1' } }),
    ]);
    expect(pipe.stdout).not.toContain(coloured);
    expect(forced.stdout).toContain(coloured);
    expect(always.stdout).toContain(coloured);
    expect(never.stdout).not.toContain(coloured);
  });
});
