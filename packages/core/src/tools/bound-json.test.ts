import { describe, expect, it } from 'vitest';
import { boundJson } from './bound-json.js';

const askForLess = 'Ask for less (offset and limit, maxResults, a narrower folder or pattern), or raise the bound (maxOutput, vault-mcp --max-output).';
const note = (max: number, cuts: string) => `[The answer is over its bound of ${max} characters, so its end was left out (${cuts}). ${askForLess}]`;
const items = Array.from({ length: 20 }, (_, index) => `item-${String(index).padStart(2, '0')}-${'x'.repeat(32)}`);

describe('boundJson: a JSON answer within its bound, cut at its end', () => {
  it('gives a value that fits back as it is', () => {
    const value = { name: 'list', items, total: 20 };
    expect(boundJson(value, 65_536)).toBe(value);
  });

  it('keeps the first items of a list that fit, every other field, and a cut note saying how many were left out', () => {
    const bounded = boundJson({ name: 'list', items, total: 20 }, 700);
    expect(bounded).toEqual({ name: 'list', items: items.slice(0, 9), total: 20, cut: note(700, '/items: 11 of 20 items left out') });
    expect(JSON.stringify(bounded).length).toBeLessThanOrEqual(700);
  });

  it('measures the JSON as it is printed: indented, fewer items fit', () => {
    const bounded = boundJson({ name: 'list', items, total: 20 }, 700, 2);
    expect(bounded.items).toEqual(items.slice(0, 8));
    expect(JSON.stringify(bounded, null, 2).length).toBeLessThanOrEqual(700);
  });

  it('cuts nested lists in document order: a file before its lines, the lists before the ones after them', () => {
    const lines = (letter: string) => Array.from({ length: 5 }, (_, index) => `${index + 1}: ${letter.repeat(40)}`);
    const value = {
      totalMatches: 10,
      files: [
        { path: 'a.md', lines: lines('a') },
        { path: 'b.md', lines: lines('b') },
      ],
      skipped: [{ path: 's.md', reason: 'not text' }],
    };
    expect(boundJson(value, 560)).toEqual({
      totalMatches: 10,
      files: [{ path: 'a.md', lines: lines('a').slice(0, 3) }],
      skipped: [],
      cut: note(560, '/files/0/lines: 2 of 5 items left out; /files: 1 of 2 items left out; /skipped: 1 of 1 item left out'),
    });
  });

  it("keeps the head of a list's first item when not even that fits whole, never half a surrogate pair", () => {
    const line = `1: ${'😀'.repeat(3000)}`;
    const bounded = boundJson({ path: 'wide.md', lines: [line, '2: next'], totalLines: 2 }, 4096);
    const kept = bounded.lines[0]!;
    expect(bounded.lines).toHaveLength(1);
    expect(line.startsWith(kept)).toBe(true);
    expect(kept.length % 2).toBe(1);
    expect(kept.length).toBeGreaterThan(3000);
    expect(bounded.cut).toBe(note(4096, `/lines: 1 of 2 items left out; /lines/0: cut after ${kept.length} of 6003 characters`));
    expect(JSON.stringify(bounded).length).toBeLessThanOrEqual(4096);
  });

  it('counts JSON escapes: a line of quotes is twice its length', () => {
    const bounded = boundJson({ lines: [`"`.repeat(3000)] }, 4096);
    expect(bounded.lines[0]!.length).toBeLessThan(2000);
    expect(JSON.stringify(bounded).length).toBeLessThanOrEqual(4096);
  });

  it('shortens the longest fields when the fields outside the lists are over the bound alone, never a short one', () => {
    const bounded = boundJson({ source: 'a'.repeat(3000), destination: 'b'.repeat(3000), kind: 'directory', dryRun: false, rewritten: ['x'] }, 4096);
    expect(bounded.kind).toBe('directory');
    expect(bounded.source).toMatch(/^a+$/);
    expect(bounded.destination).toBe('b'.repeat(bounded.source.length));
    expect(bounded.source.length).toBeGreaterThan(1500);
    expect(bounded.cut).toContain(
      `/source: cut after ${bounded.source.length} of 3000 characters; /destination: cut after ${bounded.source.length} of 3000 characters`,
    );
    expect(JSON.stringify(bounded).length).toBeLessThanOrEqual(4096);
  });
});
