import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchEvery } from './fetch-every.js';

afterEach(() => vi.useRealTimers());

/** A fetch that records when it began, as a settle does, and ends when the test says. */
function fakeFetches() {
  const state = { fetchedAt: 0, began: [] as number[], end: () => {} };
  const fetch = () => {
    state.fetchedAt = Date.now();
    state.began.push(Date.now());
    return new Promise<void>((resolve) => (state.end = resolve));
  };
  return { state, fetch, fetchedAt: () => state.fetchedAt };
}

describe('interval fetches', () => {
  it("wait a whole interval from the last fetch, a write's too", async () => {
    vi.useFakeTimers({ now: 100_000 });
    const { state, fetch, fetchedAt } = fakeFetches();
    const ticks = fetchEvery(1000, fetch, fetchedAt);
    try {
      // A write fetches 400 ms in: the tick due at 1000 ms waits until 1400.
      vi.advanceTimersByTime(400);
      state.fetchedAt = Date.now();
      vi.advanceTimersByTime(999);
      expect(state.began).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(state.began).toEqual([101_400]);
      state.end();
      await vi.advanceTimersByTimeAsync(1000);
      expect(state.began).toEqual([101_400, 102_400]);
    } finally {
      ticks.stop();
    }
  });

  it('never pile up behind a fetch still waiting (a long call holds the queue): one fetch, then the next an interval after it began', async () => {
    vi.useFakeTimers({ now: 0 });
    const { state, fetch, fetchedAt } = fakeFetches();
    const ticks = fetchEvery(1000, fetch, fetchedAt);
    try {
      vi.advanceTimersByTime(10_000);
      expect(state.began).toEqual([1000]);
      state.end();
      await vi.advanceTimersByTimeAsync(0);
      // It began at 1000, long ago: the next tick is a whole interval after this one ended.
      await vi.advanceTimersByTimeAsync(999);
      expect(state.began).toEqual([1000]);
      await vi.advanceTimersByTimeAsync(1);
      expect(state.began).toEqual([1000, 11_000]);
    } finally {
      ticks.stop();
    }
  });

  it('stop ends them, and an interval of 0 never fetches', () => {
    vi.useFakeTimers({ now: 0 });
    const { state, fetch, fetchedAt } = fakeFetches();
    fetchEvery(1000, fetch, fetchedAt).stop();
    fetchEvery(0, fetch, fetchedAt);
    vi.advanceTimersByTime(5000);
    expect(state.began).toEqual([]);
  });
});
