/**
 * Runs `fetch` once `interval` ms passed since the last fetch began (`fetchedAt`: a write's, a round's, or the last
 * tick's), 0: never. A server whose writes fetch often fetches no more for the interval; the next tick is set only once
 * the last one's fetch ended, so ticks never pile up behind a long call.
 */
export function fetchEvery(interval: number, fetch: () => Promise<unknown>, fetchedAt: () => number): { stop(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const after = (wait: number) => {
    if (stopped) return;
    timer = setTimeout(tick, wait);
    timer.unref();
  };
  const tick = () => {
    const wait = fetchedAt() + interval - performance.now();
    if (wait > 0) return after(wait);
    // A tick that found the branch busy (a push loop fetching itself) fetched nothing: the next is an interval away.
    void fetch()
      .catch(() => undefined)
      .finally(() => after(Math.max(fetchedAt() + interval - performance.now(), 0) || interval));
  };
  if (interval > 0) after(interval);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
