import { describe, expect, it } from 'vitest';
import { useBuiltBin } from './__fixtures__/use-built-bin.js';

const { cli } = useBuiltBin({
  'Home.md': '# Home\nSee [[Setup]] and [[Setp]].\n\n```\n[[Example only]]\n```\n',
  'Setup.md': 'Back [[Home]].\n',
  'projects/plan.md': '[the home](../Home.md)\n',
});

describe('vtx links, through the built bin', () => {
  it("prints a note's links and backlinks; --broken the broken ones, exiting with 1 when there is one, and pages with --offset", async () => {
    const [note, broken, inFolder, paged, neither] = await Promise.all([
      cli(['--vault', '.', 'links', 'Home.md']),
      cli(['--vault', '.', 'links', '--broken']),
      cli(['--vault', '.', '--json', 'links', '--broken', 'projects']),
      cli(['--vault', '.', '--json', 'links', 'Home.md', '-m', '1', '--offset', '1']),
      cli(['--vault', '.', 'links']),
    ]);
    expect(note).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        'Links of Home.md:',
        '2: [[Setup]] -> Setup.md',
        '2: [[Setp]] -> broken; closest: Setup.md',
        'Backlinks to Home.md:',
        'Setup.md:1: [[Home]]',
        'projects/plan.md:1: [the home](../Home.md)',
        '[2 links (1 broken, 0 ambiguous) | 2 backlinks]',
        '',
      ].join('\n'),
    });
    expect(broken).toEqual({
      code: 1,
      stderr: '1 link to fix.\n',
      stdout: 'Home.md:2: [[Setp]] -> broken; closest: Setup.md\n[1 broken link and 0 ambiguous in 3 notes below the vault root]\n',
    });
    expect(inFolder.code).toBe(0);
    expect(JSON.parse(inFolder.stdout)).toMatchObject({ mode: 'folder', path: 'projects', entries: [], total: 0, notesChecked: 1 });
    expect(JSON.parse(paged.stdout)).toMatchObject({
      entries: [{ direction: 'out', line: 2, link: '[[Setp]]', status: 'broken', candidates: ['Setup.md'] }],
      total: 4,
      nextOffset: 2,
    });
    expect(neither).toMatchObject({ code: 64, stdout: '' });
    expect(neither.stderr).toContain('--broken');
  });
});
