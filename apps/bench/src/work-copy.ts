import { chmod, cp, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Copies corpus paths (files or folders) to a new temp folder, writable (the corpus is read-only), and gives the folder. */
export async function createWorkCopy(corpus: string, paths: string[]): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'vault-bench-tasks-'));
  for (const relative of paths) await cp(path.join(corpus, relative), path.join(folder, relative), { recursive: true });
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    await chmod(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
  }
  return folder;
}
