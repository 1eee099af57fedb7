import { describe, expect, it } from 'vitest';
import { checkStrings } from './check-strings.js';

describe('checkStrings', () => {
  it('takes both strings with LF line breaks', () => {
    expect(checkStrings('a\r\nb', 'a\r\nc\n')).toEqual({ needle: 'a\nb', replacement: 'a\nc\n' });
  });

  it('names oldString when it holds half a surrogate pair, also for a caller of run that skipped the input check', () => {
    expect(() => checkStrings('al\ud83d', 'x')).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/^oldString holds half of a UTF-16 surrogate pair \(at character 2\)/),
      }),
    );
  });

  it('refuses strings that are the same once CRLFs are taken as line breaks', () => {
    expect(() => checkStrings('a\r\nb', 'a\nb')).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('are the same') }),
    );
  });
});
