import { Readable } from 'node:stream';
import type { VaultSeed } from '@vault/core';
import { expect } from 'vitest';
import { run } from '../run.js';
import { useTempFolder } from './use-temp-folder.js';

export interface RunOptions {
  stdin?: string | Uint8Array;
  color?: boolean;
  errorColor?: boolean;
  env?: Record<string, string>;
  /** Pass the temp vault as --vault (default true). */
  vault?: boolean;
}

/**
 * For a test file: a temp vault seeded from `seed` before each test and removed after it, and the
 * command line run in-process on it, collecting what it printed.
 */
export function useTempVault(seed: VaultSeed) {
  const root = useTempFolder(seed);

  async function vault(argv: string[], { stdin, color, errorColor, env = {}, vault = true }: RunOptions = {}) {
    let stdout = '';
    let stderr = '';
    const code = await run(vault ? ['--vault', root(), ...argv] : argv, {
      stdin: Readable.from(stdin === undefined ? [] : [Buffer.from(stdin)]),
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      env,
      ...(color === undefined ? {} : { color }),
      ...(errorColor === undefined ? {} : { errorColor }),
    });
    return { code, stdout, stderr };
  }

  /** Runs with --json: nothing on stderr, the parsed value of stdout. */
  async function json(argv: string[], options?: RunOptions) {
    const result = await vault(['--json', ...argv], options);
    expect(result.stderr).toBe('');
    return { code: result.code, value: JSON.parse(result.stdout) };
  }

  return { root, vault, json };
}
