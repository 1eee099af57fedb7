import { describe, expect, it } from 'vitest';
import { useBuiltBin } from './__fixtures__/use-built-bin.js';

// Half a character never reaches the terminal: Node writes a lone surrogate as U+FFFD, JSON as an
// escape (\ud83d). The built bin, on a line of emoji cut at 2,000 units and read from a column inside one.
const line = `a${'😀'.repeat(1500)}`;
const { cli } = useBuiltBin({ 'a.md': `${line}\n` });

describe('vtx and half characters', () => {
  it('read cuts before a 😀, says where to read on, and a column inside one reads from its first half; text and --json', async () => {
    const [cut, column, json] = await Promise.all([
      cli(['--vault', '.', 'read', 'a.md']),
      cli(['--vault', '.', 'read', 'a.md', '--offset', '1', '--limit', '1', '--column', '2001']),
      cli(['--vault', '.', '--json', 'read', 'a.md', '--column', '3']),
    ]);
    expect(cut).toMatchObject({ code: 0, stderr: '' });
    expect(cut.stdout.split('\n')[0]).toBe(`1: a${'😀'.repeat(999)} … [line cut: 3001 characters; vtx read --offset 1 --limit 1 --column 2000 reads on]`);
    // Column 2001 is the second half of the 1,000th 😀.
    expect(column.stdout.split('\n')[0]).toBe(`1: [from character 2000] …${'😀'.repeat(501)}`);
    expect(JSON.parse(json.stdout).lines).toEqual([{ number: 1, text: '😀'.repeat(1000), fullLength: 3001, column: 1 }]);
    for (const run of [cut, column, json]) {
      expect(run.stdout).not.toContain('\ufffd');
      expect(run.stdout).not.toMatch(/\\ud[89a-f][0-9a-f]{2}/i);
    }
  });
});
