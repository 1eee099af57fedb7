import { describe, expect, it } from 'vitest';
import { planUndo, sameBytes } from './plan-undo.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('planUndo', () => {
  it('writes an edited file back, only over what the change left', () => {
    expect(planUndo([{ path: 'a.md', before: bytes('old'), after: bytes('new') }])).toEqual([
      { kind: 'write', path: 'a.md', bytes: bytes('old'), expected: bytes('new') },
    ]);
  });

  it('moves a renamed file back (a removal and an addition of the same bytes), and writes the rest', () => {
    expect(
      planUndo([
        { path: 'a.md', before: bytes('x') },
        { path: 'links.md', before: bytes('[[a]]'), after: bytes('[[b]]') },
        { path: 'sub/b.md', after: bytes('x') },
      ]),
    ).toEqual([
      { kind: 'move', from: 'sub/b.md', to: 'a.md' },
      { kind: 'write', path: 'links.md', bytes: bytes('[[a]]'), expected: bytes('[[b]]') },
    ]);
  });

  it('writes a removed file again when no addition holds its bytes, and puts a created file in the trash', () => {
    expect(
      planUndo([
        { path: 'gone.md', before: bytes('g') },
        { path: 'new.md', after: bytes('n') },
      ]),
    ).toEqual([
      { kind: 'write', path: 'gone.md', bytes: bytes('g'), expected: null },
      { kind: 'trash', path: 'new.md' },
    ]);
  });

  it('pairs each addition with one removal only: two removals of the same bytes, one addition', () => {
    expect(
      planUndo([
        { path: 'a.md', before: bytes('s') },
        { path: 'b.md', before: bytes('s') },
        { path: 'c.md', after: bytes('s') },
      ]),
    ).toEqual([
      { kind: 'move', from: 'c.md', to: 'a.md' },
      { kind: 'write', path: 'b.md', bytes: bytes('s'), expected: null },
    ]);
  });
});

describe('sameBytes', () => {
  it('compares lengths and bytes; no file equals only no file', () => {
    expect(sameBytes(bytes('ab'), bytes('ab'))).toBe(true);
    expect(sameBytes(bytes('ab'), bytes('ac'))).toBe(false);
    expect(sameBytes(bytes('ab'), bytes('abc'))).toBe(false);
    expect(sameBytes(undefined, undefined)).toBe(true);
    expect(sameBytes(undefined, bytes(''))).toBe(false);
  });
});
