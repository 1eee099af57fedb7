/**
 * What every attack test of @vault/core uses, besides `open` (a vault on the in-memory backend, shared
 * with the tool tests in `tools/__fixtures__/open.ts`): calls with input the types would not allow,
 * and checks that a call is refused with a VaultError of the right code.
 */
import { expect } from 'vitest';
import type { MemoryFs } from '../../vault/memory-fs.js';
import type { ToolCallOptions, Vault } from '../../vault/vault.js';
import { type ErrorCode, isVaultError, type VaultError } from '../../vault/vault-error.js';
import type { VaultFs } from '../../vault/vault-fs.js';

/** The default answer bound (SPEC 11, `maxOutput`). */
export const bound = 65_536;
/** Generous safety nets for the tests that build files of tens of megabytes: never a speed check. */
// Tests on inputs of megabytes carry "[large input]" in their names: `pnpm mutate` leaves them out (minutes per mutant).
export const bigFileTimeout = 300_000;
export const hangTimeout = 60_000;

/** A call with input the types would not allow: what a client can send anyway. */
export function callAny(vault: Vault, name: string, input: unknown, options?: ToolCallOptions): Promise<unknown> {
  return (vault.call as (name: string, input: unknown, options?: ToolCallOptions) => Promise<unknown>)(name, input, options);
}

/** What a call rejects with; the test fails when it succeeds. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('The call succeeded, and it should have been refused.');
}

/** The VaultError a call is refused with, checked to be one (not a stray RangeError or SyntaxError) with the code. */
export async function refused(promise: Promise<unknown>, code: ErrorCode): Promise<VaultError> {
  const error = await rejection(promise);
  expect(isVaultError(error), `not a VaultError: ${String(error).slice(0, 300)}`).toBe(true);
  expect((error as VaultError).code, (error as VaultError).message.slice(0, 300)).toBe(code);
  return error as VaultError;
}

/** A few bytes of a big file, to compare without holding two copies of it in a toEqual. */
export async function sample(fs: VaultFs, path: string) {
  const bytes = await fs.readFile(path);
  return { length: bytes.length, first: bytes[0], middle: bytes[bytes.length >> 1], last: bytes[bytes.length - 1] };
}

/** The number of files in the vault, empty folders left out. */
export function fileCount(fs: MemoryFs): number {
  return Object.keys(fs.toJSON()).filter((key) => !key.endsWith('/')).length;
}
