/** Lines this short are always tested on V8: at most about their square, a few thousand steps. */
const shortLine = 64;
/** A timed test or scan over this a character (plus `slackMilliseconds`) counts against V8: ordinary lines take it 2 to 10 ns a character, a run it scans from each of its letters microseconds. */
const mostNanosecondsPerCharacter = 200;
const slackMilliseconds = 0.25;
/** One long line of this many tested on V8 is timed. */
const timedEvery = 8;
/**
 * Timed tests or scans over their time after which V8 is given no long line more, when they are also a quarter of those
 * timed: a pause now and then (a garbage collection, a busy machine) does not do it, a note of lines V8 is slow on does.
 */
const strikesOut = 3;
/** Once V8 is out, one long line of this many is tried on V8 again, timed: within its time, V8 is back in. */
const retriedEvery = 256;

/**
 * Which engine tests a regex's lines when V8 may take the square of a line on it (one repeat `linearOnV8` cannot vouch for)
 * and RE2, linear, gives the same lines, slower on ordinary ones: V8, timed now and then, until it is found slow on its lines
 * (`strikesOut`; a note of lines of one long run of letters: `[a-z]\\w*\\(` took V8 3.6 ms a 999-letter line, 7 s for 2 MB of
 * them, where RE2 took 17 ms); then RE2 takes every line longer than `shortLine`, V8 retried now and then. Only the engine
 * depends on the time taken, never the lines found.
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
  let timedCount = 0;
  let untimed = 0;
  const out = () => strikes >= strikesOut && strikes * 4 >= timedCount;
  const timed = <T>(characters: number, work: () => T): T => {
    const start = now();
    const result = work();
    timedCount += 1;
    if (now() - start > slackMilliseconds + (characters * mostNanosecondsPerCharacter) / 1e6) strikes += 1;
    return result;
  };
  return {
    test: (line) => {
      if (line.length <= shortLine) return onV8(line);
      untimed += 1;
      if (!out()) return untimed % timedEvery === 0 ? timed(line.length, () => onV8(line)) : onV8(line);
      if (untimed % retriedEvery !== 0) return onRe2(line);
      const before = strikes;
      const found = timed(line.length, () => onV8(line));
      if (strikes === before) [strikes, timedCount] = [0, 0];
      return found;
    },
    out,
    timed,
  };
}
