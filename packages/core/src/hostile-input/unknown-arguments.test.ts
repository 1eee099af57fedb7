/**
 * Unknown arguments and tool names are refused, naming the closest parameter, within the bound.
 * Part of the attack suite of @vault/core (this folder): input nobody here wrote, sent as an attacker
 * would who has read the source; each test checks the answer and that nothing changed on a refusal.
 */
import { describe, expect, it } from 'vitest';
import { open } from '../tools/__fixtures__/open.js';
import { bound, callAny, refused } from './__fixtures__/attack-kit.js';

describe('unknown arguments are refused, naming the closest parameter', () => {
  const seed = { 'a.md': 'one two\n' };

  it('TextEdit with expected_hash: INVALID_ARGUMENT naming expectedHash, file unchanged', async () => {
    const { fs, vault } = open(seed);
    const error = await refused(
      callAny(vault, 'TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'ONE', expected_hash: 'deadbeef00000000' }),
      'INVALID_ARGUMENT',
    );
    expect(error.message).toContain('expected_hash');
    expect(error.message).toContain('did you mean expectedHash?');
    expect(fs.toJSON()).toEqual(seed);
  });

  it('TextEdit with replace_all: names replaceAll, file unchanged', async () => {
    const { fs, vault } = open(seed);
    const error = await refused(callAny(vault, 'TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'ONE', replace_all: true }), 'INVALID_ARGUMENT');
    expect(error.message).toContain('did you mean replaceAll?');
    expect(fs.toJSON()).toEqual(seed);
  });

  it('TextSearch with max_results: names maxResults', async () => {
    const { vault } = open(seed);
    const error = await refused(callAny(vault, 'TextSearch', { query: 'one', max_results: 5 }), 'INVALID_ARGUMENT');
    expect(error.message).toContain('did you mean maxResults?');
  });

  it('a key of 100 KB: INVALID_ARGUMENT within the bound, the key cut', async () => {
    const { fs, vault } = open(seed);
    const key = 'k'.repeat(100_000);
    const error = await refused(callAny(vault, 'TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'ONE', [key]: 1 }), 'INVALID_ARGUMENT');
    expect(error.message.length).toBeLessThanOrEqual(bound);
    expect(error.message).not.toContain('k'.repeat(1000));
    expect(fs.toJSON()).toEqual(seed);
  });

  it('10,000 unknown keys: INVALID_ARGUMENT within the bound, counting the rest', async () => {
    const { vault } = open(seed);
    const input: Record<string, unknown> = { filePath: 'a.md' };
    for (let index = 0; index < 10_000; index += 1) input[`extra${index}`] = index;
    const error = await refused(callAny(vault, 'TextRead', input), 'INVALID_ARGUMENT');
    expect(error.message.length).toBeLessThanOrEqual(bound);
    expect(error.message).toContain('and 9995 more');
  });

  it('a __proto__ key from JSON (smuggling replaceAll) is refused, file unchanged', async () => {
    const { fs, vault } = open({ 'a.md': 'x x\n' });
    const input: unknown = JSON.parse('{"filePath":"a.md","oldString":"x","newString":"y","__proto__":{"replaceAll":true}}');
    const error = await refused(callAny(vault, 'TextEdit', input), 'INVALID_ARGUMENT');
    expect(error.message).toContain('__proto__');
    expect(fs.toJSON()).toEqual({ 'a.md': 'x x\n' });
  });

  it('a key holding a line break and a terminal escape is shown escaped: the message stays one line', async () => {
    const { vault } = open(seed);
    const error = await refused(callAny(vault, 'TextRead', { filePath: 'a.md', 'evil\n[fake line]\u001b[31m': 1 }), 'INVALID_ARGUMENT');
    expect(error.message.split('\n')).toHaveLength(1);
    expect(error.message.includes('\u001b')).toBe(false);
    expect(error.message).toContain('evil\\n[fake line]\\u001b[31m');
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a string', 'a.md'],
    ['an array', ['a.md']],
    ['a wrong type', { filePath: 42 }],
  ])('non-object or mistyped input (%s) is INVALID_ARGUMENT', async (_, input) => {
    const { vault } = open(seed);
    await refused(callAny(vault, 'TextRead', input), 'INVALID_ARGUMENT');
    await refused(callAny(vault, 'ListDirectories', input), 'INVALID_ARGUMENT');
  });

  it.each(['Shell', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'textread', ''])(
    'an unknown tool name (%j) is INVALID_ARGUMENT',
    async (name) => {
      const { fs, vault } = open(seed);
      await refused(callAny(vault, name, { filePath: 'a.md' }), 'INVALID_ARGUMENT');
      expect(fs.toJSON()).toEqual(seed);
    },
  );

  it('a write tool on a read-only vault is PERMISSION_DENIED, nothing written', async () => {
    const { fs, vault } = open(seed, { readOnly: true });
    await refused(vault.call('TextCreate', { filePath: 'b.md', content: 'x' }), 'PERMISSION_DENIED');
    expect(fs.toJSON()).toEqual(seed);
  });
});
