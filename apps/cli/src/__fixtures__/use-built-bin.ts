import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { VaultSeed } from '@vault/core';
import { useTempFolder } from './use-temp-folder.js';

/** The built bin, as a user runs it. */
const bin = fileURLToPath(new URL('../../bin/vtx.js', import.meta.url));

export interface CliOptions {
  stdin?: string;
  closeStdoutEarly?: boolean;
  /** Added to the environment; NO_COLOR and FORCE_COLOR are unset unless given (Node 22 warns on stderr when both are set, even empty). */
  env?: Record<string, string>;
  /** Run on a pseudo-terminal (util-linux `script`), stdout and stderr both on it. */
  terminal?: boolean;
}

const quoted = (argument: string) => `'${argument.replaceAll("'", `'\\''`)}'`;

/**
 * For a test file of the built bin: a temp vault seeded from `seed` before each test and removed
 * after it, and `cli`, which runs the bin in a process of its own on that vault (its working folder).
 */
export function useBuiltBin(seed: VaultSeed) {
  const root = useTempFolder(seed);

  /** Runs the bin with `args` on the temp vault, with `stdin` piped in, to its end. */
  async function cli(args: string[], { stdin = '', closeStdoutEarly = false, env = {}, terminal = false }: CliOptions = {}) {
    const [command, commandArgs] = terminal
      ? ['script', ['-qec', [process.execPath, bin, ...args].map(quoted).join(' '), '/dev/null']]
      : [process.execPath, [bin, ...args]];
    // CI=true is what `.ci/run` sets: it must not turn colours on for a pipe. Empty variables count as unset.
    const child = spawn(command as string, commandArgs as string[], {
      cwd: root(),
      env: { ...process.env, VAULT_PATH: '', NO_COLOR: undefined, FORCE_COLOR: undefined, CI: 'true', ...env },
    });
    let stdout = '';
    let stderr = '';
    // Decoded as a stream: a character whose UTF-8 bytes two chunks split is read whole.
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (closeStdoutEarly) child.stdout.destroy();
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdin.end(stdin);
    const [code] = (await once(child, 'exit')) as [number];
    return { code, stdout, stderr };
  }

  return { bin, root, cli };
}
