import { cp, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The corpus copied `copies` times into a new temp folder (writable, unlike the shared corpus: a watched
 * server writes its sync points in the vault's root): once, at the root, so its paths are the corpus's;
 * more, each in a folder of its own (`copy-1`, ...). Gives the folder and its markdown files' count.
 */
export async function createCorpusCopies(corpus: string, copies: number): Promise<{ folder: string; notes: number }> {
  const folder = await mkdtemp(path.join(tmpdir(), `vault-bench-${copies}x-`));
  for (let copy = 1; copy <= copies; copy += 1) {
    await cp(corpus, copies === 1 ? folder : path.join(folder, `copy-${copy}`), { recursive: true, mode: 0 });
  }
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return { folder, notes: entries.filter((entry) => entry.isFile() && entry.name.endsWith('.md')).length };
}
