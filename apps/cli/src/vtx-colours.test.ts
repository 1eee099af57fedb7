import { describe, expect, it } from 'vitest';
import { useBuiltBin } from './__fixtures__/use-built-bin.js';

const { cli } = useBuiltBin({ 'notes/a.md': '# A\r\n\r\nalpha\r\n', 'notes/b.md': 'beta\nalphabet\n' });

describe('the colours of the vtx bin', () => {
  const coloured = '\x1b[';

  // CI left empty: Node's detection gives a terminal no colours under CI.
  it('colours a terminal when NO_COLOR is empty, not when it is set, nor on a dumb terminal', async () => {
    const search = (env: Record<string, string>) =>
      cli(['--vault', '.', 'search', 'beta'], { terminal: true, env: { TERM: 'xterm-256color', CI: '', ...env } });
    const plain = 'notes/b.md\r\n1: beta\r\n[1 matching line in 1 file]\r\n';
    // Read-only runs, each on a terminal of its own: started at once.
    const [noColorEmpty, noColor, dumb, forceColorZero] = await Promise.all([
      search({ NO_COLOR: '' }),
      search({ NO_COLOR: '1' }),
      search({ TERM: 'dumb' }),
      search({ FORCE_COLOR: '0' }),
    ]);
    expect(noColorEmpty.stdout).toBe(
      '\x1b[35mnotes/b.md\x1b[39m\r\n\x1b[32m1\x1b[39m: \x1b[1m\x1b[31mbeta\x1b[39m\x1b[22m\r\n\x1b[2m[1 matching line in 1 file]\x1b[22m\r\n',
    );
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
