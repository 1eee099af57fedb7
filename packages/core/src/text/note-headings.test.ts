import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHeadingIndex, headingKey, headingsAt, type NoteHeading } from './note-headings.js';

describe('createHeadingIndex', () => {
  it('finds what headingsAt finds first, for any headings and any path of their texts', () => {
    const names = ['Setup', 'Usage', 'Notes', 'setup', 'Plugins'];
    const heading = fc.record({ level: fc.integer({ min: 1, max: 6 }), name: fc.constantFrom(...names) });
    fc.assert(
      fc.property(fc.array(heading, { maxLength: 30 }), fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 3 }), (drawn, path) => {
        const headings: NoteHeading[] = drawn.map(({ level, name }, index) => ({ level, text: name, line: index + 1, start: index * 10 }));
        const keys = path.map(headingKey);
        expect(createHeadingIndex(headings)(keys)).toEqual(headingsAt(headings, keys)[0]);
      }),
    );
  });
});
