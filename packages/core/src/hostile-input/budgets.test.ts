/**
 * Every computation the input drives within its budget, and cancellation mid-call. No timing: a computation that escapes its budget hangs until vitest's timeout.
 * Part of the attack suite of @vault/core (this folder): input nobody here wrote, sent as an attacker
 * would who has read the source; each test checks the answer and that nothing changed on a refusal.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryFs } from '../vault/memory-fs.js';
import { createVault } from '../vault/vault.js';
import { isVaultError } from '../vault/vault-error.js';
import type { VaultFs } from '../vault/vault-fs.js';
import { open } from '../tools/__fixtures__/open.js';
import { bound, hangTimeout, rejection, refused, sample } from './__fixtures__/attack-kit.js';

describe('every computation within its budget (no timing: a hang fails by the test timeout)', () => {
  it(
    'a filePattern of "*a" x 14 + "*b" against names of 60 "a"s completes with 0 matches',
    async () => {
      const name = 'a'.repeat(60);
      const { vault } = open({ [`${name}.md`]: 'a\n', [`deep/${name}.md`]: 'a\n', [`${name}b.md`]: 'a\n' });
      const output = await vault.call('TextSearch', { query: 'a', filePattern: `${'*a'.repeat(14)}*b` });
      expect(output).toMatchObject({ totalMatches: 0, totalFiles: 0, files: [] });
      // The same kind of pattern still means what it says: "*b.md" after the stars finds the one name with a b.
      const matching = await vault.call('TextSearch', { query: 'a', filePattern: `${'*a'.repeat(14)}*b.md`, outputMode: 'files_only' });
      expect(matching.files.map((file) => file.path)).toEqual([`${name}b.md`]);
    },
    hangTimeout,
  );

  it.each([
    ['"\\p{" x 200,000', '\\p{'.repeat(200_000)],
    ['of 1 MB', 'a'.repeat(1_000_000)],
  ])(
    'a regex query %s is refused at once with INVALID_ARGUMENT (over the query limit), within the bound, never a stray SyntaxError',
    async (_label, query) => {
      const { vault } = open({ 'a.md': 'p{ text\naaa\n' });
      const error = await refused(vault.call('TextSearch', { query, regex: true }), 'INVALID_ARGUMENT');
      expect(error.message).toContain('over the limit of 10000');
      expect(error.message.length).toBeLessThanOrEqual(bound);
    },
    hangTimeout,
  );

  it(
    'the regex "a?" x 56 + "a" x 56 + "b" over a line of 56 "a"s completes on the memory backend (main thread), and still matches what it should',
    async () => {
      const { vault } = open({ 'a.md': `${'a'.repeat(56)}\n`, 'b.md': `${'a'.repeat(56)}b\n` });
      const output = await vault.call('TextSearch', { query: `${'a?'.repeat(56)}${'a'.repeat(56)}b`, regex: true });
      expect(output).toMatchObject({ totalMatches: 1, totalFiles: 1 });
      expect(output.files.map((file) => file.path)).toEqual(['b.md']);
    },
    hangTimeout,
  );

  it(
    'a nested-repeat regex (a+)+b over a line of 100,000 "a"s completes with 0 matches',
    async () => {
      const { vault } = open({ 'a.md': `${'a'.repeat(100_000)}\n` });
      expect(await vault.call('TextSearch', { query: '(a+)+b', regex: true })).toMatchObject({ totalMatches: 0 });
    },
    hangTimeout,
  );

  it('a TextEdit whose signal is aborted mid-way (after the file is read) rejects with the reason, file unchanged', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled by the client');
    const inner = createMemoryFs({ 'a.md': 'line one\n'.repeat(100_000) });
    const fs: VaultFs = {
      ...inner,
      async readFile(path) {
        const bytes = await inner.readFile(path);
        controller.abort(reason);
        return bytes;
      },
    };
    const vault = createVault(fs);
    expect(await rejection(vault.call('TextEdit', { filePath: 'a.md', oldString: 'line two', newString: 'x' }, { signal: controller.signal }))).toBe(reason);
    expect(await sample(inner, 'a.md')).toEqual({ length: 900_000, first: 108, middle: 108, last: 10 });
  });

  it('a TextSearch whose signal is aborted mid-way (after the folders are listed) rejects with the reason', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled by the client');
    const inner = createMemoryFs({ 'a.md': 'needle\n', 'b.md': 'needle\n' });
    const fs: VaultFs = {
      ...inner,
      async readDirectory(path, options) {
        const entries = await inner.readDirectory(path, options);
        controller.abort(reason);
        return entries;
      },
    };
    const vault = createVault(fs);
    expect(await rejection(vault.call('TextSearch', { query: 'needle' }, { signal: controller.signal }))).toBe(reason);
  });

  it('a signal aborted before the call rejects at once, nothing written', async () => {
    const { fs, vault } = open({ 'a.md': 'one\n' });
    const reason = new Error('already cancelled');
    await expect(vault.call('TextCreate', { filePath: 'b.md', content: 'x' }, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(fs.toJSON()).toEqual({ 'a.md': 'one\n' });
  });

  it(
    'a glob with a braces explosion "{a,b}" x 20 completes and matches just the one name it describes',
    async () => {
      const { vault } = open({ 'abababababababababab.md': 'x\n', 'abababababababababac.md': 'x\n', 'ab.md': 'x\n' });
      const output = await vault.call('TextSearch', { query: 'x', filePattern: `${'{a,b}'.repeat(20)}.md`, outputMode: 'files_only' });
      expect(output.files.map((file) => file.path)).toEqual(['abababababababababab.md']);
    },
    hangTimeout,
  );

  // A safety net, not a speed check: a linear parse or an early refusal answers in milliseconds.
  it('a filePattern of 32,000 nested braces (64 KB) answers instead of freezing the process', async () => {
    const { vault } = open({ 'a.md': 'x\n' });
    const outcome = await vault.call('TextSearch', { query: 'x', filePattern: `${'{'.repeat(32_000)}a${'}'.repeat(32_000)}` }).then(
      (output) => ({ output }),
      (error: unknown) => ({ error }),
    );
    if ('error' in outcome) expect(isVaultError(outcome.error) && outcome.error.code).toBe('INVALID_ARGUMENT');
    else expect(outcome.output.totalMatches).toBe(0);
  }, 30_000);

  it('a filePattern over 64 KB is refused with INVALID_ARGUMENT (a VaultError), not a stray SyntaxError', async () => {
    const { vault } = open({ 'a.md': 'x\n' });
    const error = await refused(vault.call('TextSearch', { query: 'x', filePattern: '*'.repeat(70_000) }), 'INVALID_ARGUMENT');
    expect(error.message.length).toBeLessThanOrEqual(bound);
  });

  it('an extglob negation !(...) is refused with INVALID_ARGUMENT (RE2 cannot run it)', async () => {
    const { vault } = open({ 'a.md': 'x\n' });
    await refused(vault.call('TextSearch', { query: 'x', filePattern: '!(b).md' }), 'INVALID_ARGUMENT');
  });

  it(
    'a literal query of 100,000 characters is refused with INVALID_ARGUMENT, never a stray SyntaxError',
    async () => {
      const { vault } = open({ 'a.md': 'aaa\n' });
      // Refused with a coded error naming the limit, before any engine compiles it.
      await expect(vault.call('TextSearch', { query: 'a'.repeat(100_000) })).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining('10000'),
      });
    },
    hangTimeout,
  );

  it(
    'an invalid regex of 1 MB is INVALID_ARGUMENT within the bound',
    async () => {
      const { vault } = open({ 'a.md': 'x\n' });
      const error = await refused(vault.call('TextSearch', { query: '('.repeat(1_000_000), regex: true }), 'INVALID_ARGUMENT');
      expect(error.message.length).toBeLessThanOrEqual(bound);
    },
    hangTimeout,
  );
});
