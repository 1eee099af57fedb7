import { expect, it } from 'vitest';
import { seenCount } from './seen-count.js';

it('takes a count from a JSON field, or from the text with its commas', () => {
  expect(seenCount('{"totalFiles":20}', 'totalFiles', /in (\d+) files/, 'files')).toBe(20);
  expect(seenCount('[1,234 matching lines in 433 files]', 'totalMatches', /([\d,]+) matching lines/, 'matches')).toBe(1234);
  expect(() => seenCount('{"files":[]}', 'totalFiles', /in (\d+) files/, 'files')).toThrow('no count of files in what the model saw');
});
