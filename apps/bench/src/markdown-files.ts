import { readdir } from 'node:fs/promises';

/** The markdown files below a folder, as paths relative to it, sorted. */
export async function markdownFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => `${entry.parentPath}/${entry.name}`.slice(folder.length + 1))
    .sort();
}
