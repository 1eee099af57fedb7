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

  it('gives the long lines to RE2 once three timed tests were slow, the short ones still to V8; the lines found alike', () => {
    const { budget, engines } = budgetWith((line) => (line.length > 64 ? 5 : 0));
    const found: boolean[] = [];
    for (let index = 0; index < 40; index += 1) found.push(budget.test(index === 39 ? `${long}x` : long));
    // One long line in 8 is timed: the 8th, the 16th and the 24th were slow.
    expect(engines.slice(0, 24)).toEqual(Array(24).fill('v8'));
    expect(engines.slice(24)).toEqual(Array(16).fill('re2'));
    expect(found).toEqual([...Array(39).fill(false), true]);
    expect(budget.out()).toBe(true);
    expect(budget.test('short x')).toBe(true);
    expect(engines.at(-1)).toBe('v8');
  });

  it('is not put out by a few slow tests among many (pauses), nor by short lines', () => {
    let timedTests = 0;
    // Every 8th long line is timed; of those, one in 5 is slow.
    const { budget, engines } = budgetWith((line) => (line.length <= 64 ? 50 : engines.length % 8 === 0 && ++timedTests % 5 === 0 ? 50 : 0));
    for (let index = 0; index < 2_000; index += 1) budget.test(index % 2 ? long : 'short');
    expect(budget.out()).toBe(false);
    expect(engines.every((engine) => engine === 'v8')).toBe(true);
  });

  it('tries V8 again now and then once out, and takes it back when it keeps to its time', () => {
    let slow = true;
    const { budget, engines } = budgetWith(() => (slow ? 5 : 0.01));
    for (let index = 0; index < 24; index += 1) budget.test(long);
    expect(budget.out()).toBe(true);
    slow = false;
    for (let index = 24; index < 255; index += 1) budget.test(long);
    expect(engines.filter((engine) => engine === 'v8')).toHaveLength(24);
    // The 256th long line is V8's again, within its time: V8 is back in.
    budget.test(long);
    expect(engines.at(-1)).toBe('v8');
    expect(budget.out()).toBe(false);
    budget.test(long);
    expect(engines.at(-1)).toBe('v8');
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
    scan(100);
    scan(100);
    expect(budget.out()).toBe(false);
    scan(100);
    expect(budget.out()).toBe(true);
  });
});
