import { describe, expect, it } from 'vitest';
import { parseLog } from './parse-log.js';

describe('parseLog', () => {
  it('reads records of header and NUL-separated names, keeping the vault paths, relative to it', () => {
    const output = Buffer.from(
      '\x1eaaa\x1f2026-01-02T03:04:05+00:00\x1fbot 1\x1fTextEdit\x1fTextEdit: a.md\0\nv/a.md\0other/x.md\0' +
        '\x1ebbb\x1f2026-01-01T00:00:00+00:00\x1fPat\x1f\x1ffirst\0\nv/a\nb.md\0',
    );
    expect(parseLog(output, 'v/')).toEqual([
      { id: 'aaa', time: '2026-01-02T03:04:05+00:00', author: 'bot 1', tool: 'TextEdit', subject: 'TextEdit: a.md', files: ['a.md'], filesTotal: 1 },
      { id: 'bbb', time: '2026-01-01T00:00:00+00:00', author: 'Pat', subject: 'first', files: ['a\nb.md'], filesTotal: 1 },
    ]);
  });

  it('names the first ten files of a change and counts them all', () => {
    const names = Array.from({ length: 12 }, (_, index) => `f${index}.md\0`).join('');
    const [change] = parseLog(Buffer.from(`\x1eccc\x1ft\x1fa\x1f\x1fMove: x -> y\0\n${names}`), '');
    expect(change!.files).toHaveLength(10);
    expect(change!.filesTotal).toBe(12);
  });
});
