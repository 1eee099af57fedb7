import { readFolder } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { run } from './run.js';
import { exitCodes } from './exit-codes.js';
import { useTempFolder } from './__fixtures__/use-temp-folder.js';

const seed = { 'notes/a.md': 'alpha\n' };
const root = useTempFolder(seed);

describe('vtx reading stdin', () => {
  it('refuses a stdin over the largest file with FILE_TOO_LARGE as soon as it passes it, reading no further', async () => {
    let read = 0;
    // 200 MiB, as `yes | vtx create y.md -` would send for ever.
    async function* lines() {
      const piece = Buffer.alloc(1024 * 1024, 'y\n');
      for (let count = 0; count < 200; count += 1) {
        read += piece.length;
        yield piece;
      }
    }
    let stderr = '';
    const code = await run(['--vault', root(), 'create', 'y.md', '-'], {
      stdin: lines(),
      stdout: { write: () => undefined },
      stderr: { write: (text: string) => (stderr += text) },
    });
    expect(code).toBe(exitCodes.FILE_TOO_LARGE);
    expect(stderr).toContain("stdin (content) is over this vault's limit of 134217728 bytes for a file, so nothing was written.");
    // The piece that passed the limit is the last one read.
    expect(read).toBe(129 * 1024 * 1024);
    expect(await readFolder(root())).toEqual(seed);
  });
});
