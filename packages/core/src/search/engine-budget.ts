/** Lines this short are always tested on V8: at most about their square, a few thousand steps. */
const shortLine = 64;
/** A timed test or scan over this a character (plus `slackMilliseconds`) counts against V8: ordinary lines take it 2 to 10 ns a character, a run it scans from each of its letters microseconds. */
const mostNanosecondsPerCharacter = 200;
const slackMilliseconds = 0.25;
/** One long line of this many tested on V8 is timed. */
const timedEvery = 8;
/** Timed tests or scans over their time after which V8 is given no long line more: two, so that one pause (a garbage collection, a busy machine) does not do it. */
const strikesOut = 2;

/**
 * Which engine tests a regex's lines when V8 may take the square of a line on it (one repeat `linearOnV8` cannot vouch for)
 * and RE2, linear, gives the same lines, slower on ordinary ones: V8, timed now and then, until it is twice found slow on
 * its lines (a note of lines of one long run of letters: `[a-z]\\w*\\(` took V8 3.6 ms a 999-letter line, 7 s for 2 MB of
 * them, where RE2 took 17 ms); from then on, RE2 takes every line longer than `shortLine`. Only the engine depends on the
 * time taken, never the lines found.
 */
export interface EngineBudget {
  test: (line: string) => boolean;
  /** Whether V8 is out: its lines go to RE2. */
  out: () => boolean;
  /** `work` (a scan of `characters` by V8), timed against V8. */
  timed: <T>(characters: number, work: () => T) => T;
}

export function createEngineBudget(onV8: (line: string) => boolean, onRe2: (line: string) => boolean, now = () => performance.now()): EngineBudget {
  let strikes = 0;
  let untimed = 0;
  const timed = <T>(characters: number, work: () => T): T => {
    const start = now();
    const result = work();
    if (now() - start > slackMilliseconds + (characters * mostNanosecondsPerCharacter) / 1e6) strikes += 1;
    return result;
  };
  return {
    test: (line) => {
      if (line.length <= shortLine) return onV8(line);
      if (strikes >= strikesOut) return onRe2(line);
      untimed = (untimed + 1) % timedEvery;
      return untimed === 0 ? timed(line.length, () => onV8(line)) : onV8(line);
    },
    out: () => strikes >= strikesOut,
    timed,
  };
}
