import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchEvery } from './fetch-every.js';

afterEach(() => vi.useRealTimers());

/** A fetch that records when it began, as a settle does, and ends when the test says. */
function fakeFetches() {
  const state = { fetchedAt: 0, began: [] as number[], end: () => {} };
  const fetch = () => {
    state.fetchedAt = performance.now();
    state.began.push(performance.now());
    return new Promise<void>((resolve) => (state.end = resolve));
  };
  return { state, fetch, fetchedAt: () => state.fetchedAt };
}

describe('interval fetches', () => {
  it("wait a whole interval from the last fetch, a write's too", async () => {
    vi.useFakeTimers();
    const { state, fetch, fetchedAt } = fakeFetches();
    const ticks = fetchEvery(1000, fetch, fetchedAt);
    try {
      // A write fetches 400 ms in: the tick due at 1000 ms waits until 1400.
      vi.advanceTimersByTime(400);
      state.fetchedAt = performance.now();
      vi.advanceTimersByTime(999);
      expect(state.began).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(state.began).toEqual([1400]);
      state.end();
      await vi.advanceTimersByTimeAsync(1000);
      expect(state.began).toEqual([1400, 2400]);
    } finally {
      ticks.stop();
    }
  });

  it('never pile up behind a fetch still waiting (a long call holds the queue): one fetch, then the next an interval after it began', async () => {
    vi.useFakeTimers();
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

  it('go on when the wall clock is set back an hour (NTP, a person): an interval is measured on a clock that never steps', async () => {
    vi.useFakeTimers();
    const { state, fetch, fetchedAt } = fakeFetches();
    const ticks = fetchEvery(1000, fetch, fetchedAt);
    try {
      vi.advanceTimersByTime(1000);
      state.end();
      await vi.advanceTimersByTimeAsync(0);
      vi.setSystemTime(Date.now() - 3_600_000);
      await vi.advanceTimersByTimeAsync(1000);
      expect(state.began).toEqual([1000, 2000]);
    } finally {
      ticks.stop();
    }
  });

  it('stop ends them, and an interval of 0 never fetches', () => {
    vi.useFakeTimers();
    const { state, fetch, fetchedAt } = fakeFetches();
    fetchEvery(1000, fetch, fetchedAt).stop();
    fetchEvery(0, fetch, fetchedAt);
    vi.advanceTimersByTime(5000);
    expect(state.began).toEqual([]);
  });
});
