import { describe, expect, it } from 'vitest';
import { createEngineBudget } from './engine-budget.js';

/** A budget whose V8 takes `took()` ms a test (on a clock of its own), recording which engine tested each line. */
function budgetWith(took: (line: string) => number) {
  let clock = 0;
  const engines: string[] = [];
  const budget = createEngineBudget(
    (line) => {
      engines.push('v8');
      clock += took(line);
      return line.includes('x');
    },
    (line) => {
      engines.push('re2');
      return line.includes('x');
    },
    () => clock,
  );
  return { budget, engines };
}

describe('createEngineBudget', () => {
  const long = 'a'.repeat(999);

  it('keeps V8 for lines it tests within their time, long or short', () => {
    const { budget, engines } = budgetWith(() => 0.01);
    for (let index = 0; index < 100; index += 1) expect(budget.test(index % 2 ? long : 'x')).toBe(index % 2 === 0);
    expect(new Set(engines)).toEqual(new Set(['v8']));
    expect(budget.out()).toBe(false);
  });

  it('gives the long lines to RE2 once two timed tests were slow, the short ones still to V8; the lines found alike', () => {
    const { budget, engines } = budgetWith((line) => (line.length > 64 ? 5 : 0));
    const found: boolean[] = [];
    for (let index = 0; index < 40; index += 1) found.push(budget.test(index === 39 ? `${long}x` : long));
    // One long line in 8 is timed: the 8th and the 16th were slow.
    expect(engines.slice(0, 16)).toEqual(Array(16).fill('v8'));
    expect(engines.slice(16)).toEqual(Array(24).fill('re2'));
    expect(found).toEqual([...Array(39).fill(false), true]);
    expect(budget.out()).toBe(true);
    expect(budget.test('short x')).toBe(true);
    expect(engines.at(-1)).toBe('v8');
  });

  it('is not put out by one slow test (a pause), nor by short lines', () => {
    let tests = 0;
    const { budget, engines } = budgetWith((line) => (line.length > 64 && ++tests === 8 ? 50 : line.length <= 64 ? 50 : 0));
    for (let index = 0; index < 64; index += 1) budget.test(index % 2 ? long : 'short');
    expect(budget.out()).toBe(false);
    expect(engines.every((engine) => engine === 'v8')).toBe(true);
  });

  it('counts a slow timed scan against V8, within its time not', () => {
    let clock = 0;
    const budget = createEngineBudget(
      () => true,
      () => true,
      () => clock,
    );
    const scan = (milliseconds: number) => budget.timed(100_000, () => (clock += milliseconds));
    scan(10);
    scan(10);
    expect(budget.out()).toBe(false);
    scan(100);
    expect(budget.out()).toBe(false);
    scan(100);
    expect(budget.out()).toBe(true);
  });
});
