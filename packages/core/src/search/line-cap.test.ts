import { describe, expect, it } from 'vitest';
import { createLineCap } from './line-cap.js';

describe('createLineCap', () => {
  it('gives each file the lines left to show, counting only the files found with matches, and none once they are shown', () => {
    const cap = createLineCap(5);
    expect(cap.room).toBe(5);
    cap.add(undefined);
    cap.add({ path: 'skipped.md', skipped: 'NOT_TEXT' });
    expect(cap.room).toBe(5);
    cap.add({ path: 'a.md', matches: 3, lines: [] });
    expect(cap.room).toBe(2);
    // A file past the cap was only counted: its matches still take the room, which stays at 0.
    cap.add({ path: 'b.md', matches: 4, lines: [] });
    expect(cap.room).toBe(0);
    cap.add({ path: 'c.md', matches: 1, lines: [] });
    expect(cap.room).toBe(0);
  });
});
