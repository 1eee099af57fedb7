/** The longest pause before a refused push is tried again, in milliseconds. */
export const longestPause = 4000;
/** The shortest round counted, in milliseconds (a round is never quicker than a fetch and a push). */
const shortestRound = 20;

/**
 * The pauses of the push loop after the remote refused a push because it moved (other servers pushed
 * first; decision 0019). Each is random, so servers refused together try again apart, up to a window
 * of rounds (the last fetch, replay and push, timed): as many rounds as pushes were refused recently
 * (about the number of servers pushing at once, so about one tries per round), at least doubled with
 * each refusal in a row of this push, at most `longestPause`. A push accepted halves the count: a
 * contended remote is tried less often, and each push then carries the more commits made meanwhile.
 */
export function createRefusalBackoff(random: () => number = Math.random) {
  let recent = 0;
  return {
    /** After the `attempt`-th refusal in a row (from 1), the round it ended having taken `roundMs`: the pause, in milliseconds. */
    refused(attempt: number, roundMs: number): number {
      recent += 1;
      const rounds = Math.max(1 + recent, 2 ** (attempt - 1));
      return random() * Math.min(longestPause, Math.max(shortestRound, roundMs) * rounds);
    },
    pushed(): void {
      recent /= 2;
    },
  };
}
