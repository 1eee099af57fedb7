import type { Options } from 'tsup';

/** The tsup options of a library package: ESM with declarations and source maps, from its entries. */
export function library(entry: string[] | Record<string, string> = ['src/index.ts']): Options {
  return { entry, format: ['esm'], dts: true, sourcemap: true, clean: true };
}
