import { createMemoryFs, createVault, type Vault, VaultError } from '@vault/core';
import { textOf } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { connectToServer } from './__fixtures__/test-client.js';

describe('a PendingVault: a vault the server learns after the client connected', () => {
  it('lists the tools its options give at once, and asks for the vault at each call until it comes, answering each failure with a code', async () => {
    const failures: unknown[] = [
      new VaultError('NOT_FOUND', 'No vault: the client offers no root. Pass --vault.'),
      new TypeError('fileURLToPath exploded at /home/secret'),
    ];
    let asked = 0;
    const vault = createVault(createMemoryFs({ 'a.md': 'alpha\n' }), { readOnly: true });
    const open = async (): Promise<Vault> => {
      asked += 1;
      const failure = failures.shift();
      if (failure) throw failure;
      return vault;
    };
    const unexpected: [unknown, string][] = [];
    const { client, call } = await connectToServer(
      { options: { readOnly: true }, open },
      { onUnexpectedError: (error, where) => unexpected.push([error, where]) },
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['TextRead', 'TextSearch', 'FindNotes', 'ListDirectories', 'ListFiles', 'Links']);
    expect(asked).toBe(0);
    const notFound = await call('TextRead', { filePath: 'a.md' });
    expect(notFound).toMatchObject({ isError: true, _meta: { errorCode: 'NOT_FOUND', retryable: false } });
    expect(textOf(notFound)).toBe('NOT_FOUND: No vault: the client offers no root. Pass --vault.');
    // Anything but a VaultError: IO_ERROR with no detail, and reported.
    const unexplained = await call('TextRead', { filePath: 'a.md' });
    expect(unexplained).toMatchObject({ isError: true, _meta: { errorCode: 'IO_ERROR', retryable: true } });
    expect(textOf(unexplained)).not.toContain('/home/secret');
    expect(unexpected).toEqual([[expect.any(TypeError), 'protocol']]);
    expect(textOf(await call('TextRead', { filePath: 'a.md' }))).toContain('1: alpha');
    expect(asked).toBe(3);
  });
});
