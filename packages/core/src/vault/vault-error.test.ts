import { describe, expect, it } from 'vitest';
import { isVaultError, VaultError } from './vault-error.js';

describe('isVaultError', () => {
  it('knows a VaultError from this copy of the package or another, and nothing else', () => {
    // What a second installed copy of @vault/core would throw: another class, the same shape.
    class OtherCopyVaultError extends Error {
      override readonly name = 'VaultError';
      readonly code = 'NO_MATCH';
    }
    expect(isVaultError(new VaultError('NOT_FOUND', 'a.md does not exist.'))).toBe(true);
    expect(isVaultError(new OtherCopyVaultError('oldString was not found.'))).toBe(true);
    expect(isVaultError(Object.assign(new Error('ENOENT'), { code: 'ENOENT' }))).toBe(false);
    expect(isVaultError(Object.assign(new Error('x'), { name: 'VaultError', code: 'NOT_A_CODE' }))).toBe(false);
    expect(isVaultError({ name: 'VaultError', code: 'NOT_FOUND', message: 'not an Error' })).toBe(false);
  });
});
