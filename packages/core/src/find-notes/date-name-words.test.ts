import { describe, expect, it } from 'vitest';
import { dateNameWords } from './date-name-words.js';

describe('dateNameWords', () => {
  it("gives a date name's month and its day without a leading zero", () => {
    expect(dateNameWords('2026-11-20')).toEqual(['november']);
    expect(dateNameWords('2026-01-02')).toEqual(['january', '2']);
    expect(dateNameWords('2026-12-09 kickoff')).toEqual(['december', '9']);
  });

  it('gives nothing for a name that does not begin with a date', () => {
    for (const name of ['kickoff 2026-11-20', '2026-13-01', '2026-11-00', '2026-11-200', '20261120', 'Home']) expect(dateNameWords(name), name).toEqual([]);
  });
});
