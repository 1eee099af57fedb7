import { describe, expect, it } from 'vitest';
import { type EditString, lineBreakMismatch } from './line-break-mismatch.js';

const text = (flag: string, value: string): EditString => ({ text: value, flag, fromFile: false });
const file = (flag: string, value: string): EditString => ({ text: value, flag, fromFile: true });

describe('lineBreakMismatch', () => {
  it('refuses a file that ends with a line break against text that does not, naming both flags and the fix', () => {
    expect(lineBreakMismatch(file('--old-file', 'one\ntwo\n'), text('--new', 'three'))).toBe(
      "--old-file ends with a line break and --new does not, so the edit would remove a line break, joining two lines. Make them end alike: end --new with a line break too (--new $'text\\n'), or give it with --new-file.",
    );
    expect(lineBreakMismatch(text('--old', 'two'), file('--new-file', 'two\r\n'))).toBe(
      "--new-file ends with a line break and --old does not, so the edit would add a line break. Make them end alike: end --old with a line break too (--old $'text\\n'), or give it with --old-file.",
    );
    expect(lineBreakMismatch(text('--old', 'two\n'), file('--new-file', 'three'))).toBe(
      '--old ends with a line break and --new-file does not, so the edit would remove a line break, joining two lines. Make them end alike: end --new-file with a line break too.',
    );
  });

  it.each([
    ['both end with a line break', file('--old-file', 'a\n'), text('--new', 'b\r\n')],
    ['neither does', file('--old-file', 'a'), text('--new', 'b')],
    ['both come from files', file('--old-file', 'a\n'), file('--new-file', 'b')],
    ['both are text', text('--old', 'a\n'), text('--new', 'b')],
    ['the new text is empty: whole lines are deleted', file('--old-file', 'a\n'), text('--new', '')],
  ])('lets the edit go when %s', (_, oldString, newString) => {
    expect(lineBreakMismatch(oldString, newString)).toBeUndefined();
  });
});
