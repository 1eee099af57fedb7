import type { ChangeSummary } from '@vault/core';

/** The `--format` of `git log` that `parseLog` reads: a record separator, then id, time, author, tool trailer and subject. */
export const logFormat = '%x1e%H%x1f%aI%x1f%an%x1f%(trailers:key=Vault-Tool,valueonly,separator=%x2C)%x1f%s';

/** Files a change names in its summary; `filesTotal` counts them all. */
export const maxSummaryFiles = 10;

/**
 * The changes in `git log -z --name-only --format=<logFormat>` output: each record is its header up to
 * a NUL, then the names it touched, NUL-separated. Names outside the vault (`prefix`) are left out,
 * the others made vault-relative; of those, the ones `shows` refuses are only counted (`filesNotShown`).
 */
export function parseLog(output: Buffer, prefix: string, shows: (path: string) => boolean = () => true): ChangeSummary[] {
  const changes: ChangeSummary[] = [];
  for (const record of output.toString('utf8').split('\x1e')) {
    if (record === '') continue;
    const headerEnd = record.indexOf('\0');
    const header = headerEnd === -1 ? record : record.slice(0, headerEnd);
    const [id = '', time = '', author = '', tool = '', subject = ''] = header.split('\x1f');
    const names =
      headerEnd === -1
        ? []
        : record
            .slice(headerEnd + 1)
            .replace(/^\n/, '')
            .split('\0');
    const inVault = names.filter((name) => name !== '' && name.startsWith(prefix)).map((name) => name.slice(prefix.length));
    const files = inVault.filter(shows);
    changes.push({
      id,
      time,
      author,
      ...(tool.trim() === '' ? {} : { tool: tool.trim() }),
      subject,
      files: files.slice(0, maxSummaryFiles),
      filesTotal: files.length,
      ...(files.length < inVault.length ? { filesNotShown: inVault.length - files.length } : {}),
    });
  }
  return changes;
}
