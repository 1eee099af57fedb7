import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Repository } from './open-repository.js';

/**
 * The files the tools keep in the vault for a moment: a search's sync point (`.vault-sync-PID-N`), a write's
 * temp file (`.NAME.RANDOM.tmp`) and lock (`.NAME.vault-lock`), a fetch's temp file (`.vault-fetch-PID-N.tmp`).
 */
export const temporaryPatterns = ['.vault-sync-*', '.*.????????????.tmp', '.*.vault-lock', '.*.vault-lock.break', '.vault-fetch-*.tmp'];

const heading = '# vault text tools: its temporary files (decision 0018)';

/**
 * Adds `temporaryPatterns` to the repository's `info/exclude` (local, never shared) where missing, so
 * that `git status` run while a call is under way shows none of them and no commit takes one in. A
 * file that cannot be written (a read-only repository) changes nothing else: they only show.
 */
export async function excludeTemporaries(repository: Repository): Promise<void> {
  const answer = await repository.git(['rev-parse', '--git-path', 'info/exclude']);
  const file = path.resolve(repository.top, answer.stdout.toString('utf8').trim());
  const text = await readFile(file, 'utf8').catch(() => '');
  const lines = new Set(text.split(/\r?\n/));
  const missing = temporaryPatterns.filter((pattern) => !lines.has(pattern));
  if (missing.length === 0) return;
  const before = text === '' || text.endsWith('\n') ? text : `${text}\n`;
  const added = [...(lines.has(heading) ? [] : [heading]), ...missing].join('\n');
  await mkdir(path.dirname(file), { recursive: true })
    .then(() => writeFile(file, `${before}${added}\n`))
    .catch(() => undefined);
}
