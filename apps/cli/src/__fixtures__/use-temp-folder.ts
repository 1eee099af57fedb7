import type { VaultSeed } from '@vault/core';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterEach, beforeEach } from 'vitest';

/** For a test file: a temp folder seeded from `seed` before each test and removed after it; resolves to its path. */
export function useTempFolder(seed: VaultSeed): () => string {
  let folder: TempFolder | undefined;
  beforeEach(async () => {
    folder = await createTempFolder(seed);
  });
  afterEach(async () => {
    await folder?.remove();
  });
  return () => folder!.path;
}
