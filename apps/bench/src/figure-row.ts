import { median } from './statistics.js';

/** One row of the bench's main table. */
export interface FigureRow {
  figure: string;
  ours: string;
  peer: string;
  ratio: string;
  budget: string;
}

export const ms = (milliseconds: number) => `${milliseconds.toFixed(milliseconds < 10 ? 2 : 1)} ms`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
export const verdict = (met: boolean, budget: string) => `${met ? 'met' : 'NOT met'}: ${budget}`;

/** Run times as `min / median / max`. */
export function spread(times: readonly number[]): string {
  return `${ms(Math.min(...times))} / ${ms(median(times))} / ${ms(Math.max(...times))}`;
}

/** Run times summed up for bench-results.json. */
export function summary(times: readonly number[]): { min: number; median: number; max: number; runs: number } {
  return { min: Math.min(...times), median: median(times), max: Math.max(...times), runs: times.length };
}
