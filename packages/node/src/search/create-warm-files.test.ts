import type { Stats } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createWarmFiles } from './create-warm-files.js';
import { literalTrigrams } from './trigram-postings.js';

/** A version as an lstat gives it (times long past, so every file is settled). */
const versionOf = (ino: number, size: number) => ({ dev: 1, ino, size, mtimeMs: 0, ctimeMs: 0, isFile: () => true }) as unknown as Stats;
const candidatePaths = (warm: ReturnType<typeof createWarmFiles>, literal: string) =>
  warm
    .candidates(literalTrigrams([literal])!)
    .map((file) => file.path)
    .sort();

describe('the warm files and their postings', () => {
  it('finds the kept texts that can hold a literal, and forgets what changed', () => {
    const warm = createWarmFiles(1024 * 1024, 0);
    warm.keep('a.md', versionOf(1, 11), 'alpha gamma', 11, Date.now());
    warm.keep('b.md', versionOf(2, 4), 'beta', 4, Date.now());
    warm.keep('c.bin', versionOf(3, 2), undefined, 2, Date.now());
    expect(candidatePaths(warm, 'gamma')).toEqual(['a.md']);
    const generation = warm.generation;
    warm.keep('b.md', versionOf(4, 10), 'beta gamma', 10, Date.now());
    expect(warm.generation).toBeGreaterThan(generation);
    expect(candidatePaths(warm, 'gamma')).toEqual(['a.md', 'b.md']);
    warm.forget('a.md');
    expect(candidatePaths(warm, 'gamma')).toEqual(['b.md']);
    expect(warm.files).toBe(2);
  });

  it('never takes a file with more than one link as covered by a watch: a check shows it current, and it stays checked', () => {
    const warm = createWarmFiles(1024 * 1024, 0);
    warm.watching(true);
    const linked = { ...versionOf(7, 5), nlink: 2, isFile: () => true } as unknown as Stats;
    warm.keep('one.md', versionOf(1, 5), 'alpha', 5, Date.now());
    warm.keep('two.md', linked, 'gamma', 5, Date.now());
    expect([warm.getWatched('one.md')?.path, warm.getWatched('two.md')]).toEqual(['one.md', undefined]);
    const generation = warm.generation;
    expect(warm.get('two.md', linked)?.text).toBe('gamma');
    expect([warm.getWatched('two.md'), warm.generation]).toEqual([undefined, generation]);
    warm.watching(true);
    expect(warm.get('one.md', versionOf(1, 5))?.watched).toBe(true);
  });

  it('past the bound, lets texts go before postings, so that every file kept stays a candidate', () => {
    const texts = Array.from({ length: 40 }, (_, index) => `note ${index}: ${'word '.repeat(40)}`);
    const warm = createWarmFiles(20_000, 0);
    warm.watching(true);
    for (const [index, text] of texts.entries()) warm.keep(`${index}.md`, versionOf(index + 1, text.length), text, text.length, Date.now());
    const files = texts.map((_, index) => warm.getWatched(`${index}.md`));
    expect(files.every((file) => file !== undefined)).toBe(true);
    // The texts that fit are held, the longest held let go first for the postings of the later files.
    const holding = files.map((file, index) => file?.text === texts[index]);
    expect(holding.filter(Boolean).length).toBeGreaterThan(0);
    expect(holding.filter(Boolean).length).toBeLessThan(40);
    expect(holding[0]).toBe(false);
    expect(candidatePaths(warm, 'word')).toHaveLength(40);
    expect(warm.bytes).toBeLessThanOrEqual(20_000);
  });

  it("holds an ASCII text's folded copy beside it while it fits, and lets the copies go before any text", () => {
    const texts = Array.from({ length: 40 }, (_, index) => `Note ${index}: ${'Word '.repeat(40)}`);
    const keepAll = (bound: number) => {
      const warm = createWarmFiles(bound, 0);
      warm.watching(true);
      warm.keep('accent.md', versionOf(100, 12), 'Café Straße', 14, Date.now());
      for (const [index, text] of texts.entries()) warm.keep(`${index}.md`, versionOf(index + 1, text.length), text, text.length, Date.now());
      return warm;
    };
    const whole = keepAll(1024 * 1024);
    expect(whole.foldedBytes).toBe(texts.join('').length);
    // Room for all but half the copies.
    const bound = whole.bytes - whole.foldedBytes / 2;
    const warm = keepAll(bound);
    const files = texts.map((_, index) => warm.getWatched(`${index}.md`)!);
    // Every text is held; copies as far as they fit, the first let go for the later files.
    expect(files.every((file, index) => file.text === texts[index])).toBe(true);
    expect(files[0]!.folded).toBeUndefined();
    const folded = files.filter((file) => file.folded !== undefined);
    expect(folded.length).toBeGreaterThan(0);
    expect(folded.length).toBeLessThan(40);
    for (const file of folded) expect(file.folded).toBe(file.text!.toLowerCase());
    const foldedLength = () => files.reduce((sum, file) => sum + (file.folded?.length ?? 0), 0);
    expect(warm.foldedBytes).toBe(foldedLength());
    // No copy of a text that is not ASCII.
    expect(warm.getWatched('accent.md')?.folded).toBeUndefined();
    expect(warm.bytes).toBeLessThanOrEqual(bound);
    warm.forget(folded[0]!.path);
    expect(folded[0]!.folded).toBeUndefined();
    expect(warm.foldedBytes).toBe(foldedLength());
  });

  it('when the postings themselves reach the bound, pushes out the files kept longest when unwatched, and keeps what it has when watched', () => {
    // Texts of many distinct trigrams each: their postings fill the bound.
    const texts = Array.from({ length: 40 }, (_, index) => Array.from({ length: 60 }, (_, word) => `w${index * 60 + word}x`).join(' '));
    const fill = (watched: boolean) => {
      const warm = createWarmFiles(20_000, 0);
      warm.watching(watched);
      for (const [index, text] of texts.entries()) warm.keep(`${index}.md`, versionOf(index + 1, text.length), text, text.length, Date.now());
      return texts.map((text, index) => warm.getWatched(`${index}.md`) ?? warm.get(`${index}.md`, versionOf(index + 1, text.length)));
    };
    const unwatched = fill(false);
    expect(unwatched[0]).toBeUndefined();
    expect(unwatched.at(-1)?.path).toBe('39.md');
    const watched = fill(true);
    expect(watched[0]?.path).toBe('0.md');
    expect(watched.at(-1)).toBeUndefined();
  });

  it('stays within its bound, compacts what it forgot, and keeps finding what it keeps (random keeps and forgets)', () => {
    const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'theta'];
    const operation = fc.oneof(
      fc.record({ keep: fc.integer({ min: 0, max: 30 }), words: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 40 }) }),
      fc.record({ forget: fc.integer({ min: 0, max: 30 }) }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 2_000, max: 40_000 }),
        fc.array(operation, { minLength: 20, maxLength: 80 }),
        fc.boolean(),
        fc.boolean(),
        (maxBytes, operations, evict, watched) => {
          const warm = createWarmFiles(maxBytes, 0);
          warm.watching(watched);
          /** The version and text each path was last kept at: `get` hands a kept file back for that version. */
          const versions = new Map<string, { version: Stats; text: string }>();
          let ino = 0;
          for (const step of operations) {
            if ('forget' in step) warm.forget(`${step.forget}.md`);
            else {
              const text = step.words.join(' ');
              ino += 1;
              versions.set(`${step.keep}.md`, { version: versionOf(ino, text.length), text });
              warm.keep(`${step.keep}.md`, versions.get(`${step.keep}.md`)!.version, text, text.length, Date.now(), { evict });
            }
            expect(warm.bytes).toBeLessThanOrEqual(maxBytes);
          }
          // Every kept file whose text holds a word is a candidate for it, held or not, and every candidate is kept.
          const keptTexts = [...versions].flatMap(([path, { version, text }]) => {
            const file = warm.get(path, version);
            if (file === undefined) return [];
            if (file.text !== undefined) expect(file.text).toBe(text);
            return [{ path, text }];
          });
          for (const word of words) {
            const holding = keptTexts.filter((file) => file.text.includes(word)).map((file) => file.path);
            expect(candidatePaths(warm, word)).toEqual(holding.sort());
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
