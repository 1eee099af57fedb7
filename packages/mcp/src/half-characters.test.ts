import { createMemoryFs } from '@vault/core';
import { textOf } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { connectTestClient } from './__fixtures__/test-client.js';

// Half a character never reaches a client: a strict one (Python's json and UTF-8 encoders) fails on
// a lone surrogate, which JSON carries as an escape (\ud83d). Through the real MCP client, the text
// and the structured content of cuts and columns that fall inside emoji.

/** A lone surrogate escaped in JSON, as a client receives one. */
const escapedHalf = /\\ud[89a-f][0-9a-f]{2}/i;

const line = `a${'😀'.repeat(1500)}`;

describe('half a character, through the MCP client', () => {
  it('TextRead with a column inside a 😀 and a line cut at 2,000 units inside one: whole characters, the marker on a whole one', async () => {
    const { call } = await connectTestClient(createMemoryFs({ 'a.md': `${line}\r\n${line}\r\n` }));
    const cut = await call('TextRead', { filePath: 'a.md' });
    expect(cut.isError).toBeFalsy();
    const first = `1: a${'😀'.repeat(999)} … [line cut: 3001 characters; TextRead \`offset: 1\`, \`limit: 1\`, \`column: 2000\` reads on]`;
    expect(textOf(cut).split('\n')[0]).toBe(first);
    expect(cut.structuredContent).toMatchObject({ lines: [first, first.replace('1: ', '2: ').replace('offset: 1', 'offset: 2')] });

    // Column 2001 is the second half of the 1,000th 😀: read from its first half, at 2000.
    const column = await call('TextRead', { filePath: 'a.md', offset: 2, limit: 1, column: 2001 });
    expect(textOf(column).split('\n')[0]).toBe(`2: [from character 2000] …${'😀'.repeat(501)}`);
    expect(JSON.stringify([cut, column])).not.toMatch(escapedHalf);
  });

  it('an argument holding half a surrogate pair is refused, its message whole', async () => {
    const { call } = await connectTestClient(createMemoryFs({ 'a.md': 'x\n' }));
    const refused = await call('TextSearch', { query: 'x\ud83d' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^INVALID_ARGUMENT: query holds half of a UTF-16 surrogate pair \(at character 1\)/);
    expect(JSON.stringify(refused)).not.toMatch(escapedHalf);
  });
});
