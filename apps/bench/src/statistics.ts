/** The value below which `fraction` of the values fall (nearest rank). */
export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
}

export const median = (values: readonly number[]) => percentile(values, 0.5);

/** Runs `work` `times` times in a row and gives each run's wall time in milliseconds. */
export async function timeRuns(times: number, work: () => Promise<unknown>): Promise<number[]> {
  const durations: number[] = [];
  for (let run = 0; run < times; run += 1) {
    const started = performance.now();
    await work();
    durations.push(performance.now() - started);
  }
  return durations;
}
