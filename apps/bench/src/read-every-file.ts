import type { TaskContext } from './agent-task.js';
import { seenText } from './seen-lines.js';

const filesPerCall = 50;

/**
 * server-filesystem has no content search, so an agent that must look inside every file lists them
 * (search_files `**\/*.md`) and reads them all, 50 a call (read_multiple_files). Gives each file's
 * text as the model saw it, by the absolute path the server gave.
 */
export async function readEveryFile({ call }: TaskContext, folder: string): Promise<Map<string, string>> {
  const listing = seenText(await call('search_files', { path: folder, pattern: '**/*.md' }));
  const paths = listing.split('\n').filter((line) => line.endsWith('.md'));
  const texts = new Map<string, string>();
  for (let start = 0; start < paths.length; start += filesPerCall) {
    const batch = paths.slice(start, start + filesPerCall);
    const seen = seenText(await call('read_multiple_files', { paths: batch }));
    for (const [path, text] of splitFiles(seen, batch)) texts.set(path, text);
  }
  return texts;
}

/** read_multiple_files gives "path:\ntext\n" for each file, joined by "\n---\n". */
function splitFiles(seen: string, paths: string[]): Map<string, string> {
  const starts = paths.map((path) => ({ path, at: seen.indexOf(`${path}:\n`) })).filter(({ at }) => at >= 0);
  starts.sort((a, b) => a.at - b.at);
  return new Map(
    starts.map(({ path, at }, index) => {
      const end = index + 1 < starts.length ? starts[index + 1]!.at - '\n---\n'.length : seen.length;
      return [path, seen.slice(at + path.length + 2, end).replace(/\n$/, '')];
    }),
  );
}
