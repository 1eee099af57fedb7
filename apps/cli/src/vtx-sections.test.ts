import { readFolder } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { useBuiltBin } from './__fixtures__/use-built-bin.js';

const guide = '# Guide\n## Setup\nRun it.\n## Usage\nRun it.\n';
const { root, cli } = useBuiltBin({ 'guide.md': guide });

describe('vtx read --heading and vtx edit --heading', () => {
  it('print one section with its real line numbers and edit inside it; an empty heading is a usage of the tool refused (9), an unscoped edit ambiguous (11)', async () => {
    const read = await cli(['--vault', '.', 'read', 'guide.md', '--heading', 'Usage']);
    expect(read).toMatchObject({ code: 0, stderr: '' });
    expect(read.stdout).toMatch(
      /^4: ## Usage\n5: Run it\.\n\[guide\.md \| totalLines: 5 \| fileHash: [0-9a-f]{16} \| section: # Guide > ## Usage \(lines 4-5\) \| shown: 4-5\]\n$/,
    );
    const edited = await cli(['--vault', '.', 'edit', 'guide.md', '--heading', 'Guide > Usage', '--old', 'Run it.', '--new', 'Use it.']);
    expect(edited).toMatchObject({ code: 0, stderr: '' });
    expect((await readFolder(root()))['guide.md']).toBe('# Guide\n## Setup\nRun it.\n## Usage\nUse it.\n');
    const ambiguous = await cli(['--vault', '.', 'read', 'guide.md', '--heading', '#']);
    expect(ambiguous).toMatchObject({ code: 9, stdout: '' });
    const unscoped = await cli(['--vault', '.', 'edit', 'guide.md', '--old', 'it.', '--new', 'x']);
    expect(unscoped).toMatchObject({ code: 11, stdout: '' });
    expect(unscoped.stderr).toContain('occurs 2 times in guide.md, at lines 3, 5.');
  });
});

describe('vtx rename-heading', () => {
  it('renames a heading and the links to it, with --dry-run first changing nothing', async () => {
    await cli(['--vault', '.', 'create', 'index.md', 'See [[guide#Setup]] and [the setup](guide.md#setup).']);
    const dry = await cli(['--vault', '.', 'rename-heading', 'guide.md', 'Setup', 'Install', '--dry-run']);
    expect(dry).toEqual({
      code: 0,
      stderr: '',
      stdout:
        'Dry run, nothing changed: would rename ## Setup to ## Install in guide.md (line 2); 2 links to rewrite in 1 note\nindex.md:1: [[guide#Setup]] -> [[guide#Install]]\nindex.md:1: [the setup](guide.md#setup) -> [the setup](guide.md#install)\n',
    });
    expect((await readFolder(root()))['guide.md']).toBe(guide);
    const done = await cli(['--vault', '.', '--json', 'rename-heading', 'guide.md', 'Setup', 'Install']);
    expect(JSON.parse(done.stdout)).toMatchObject({ before: '## Setup', after: '## Install', rewrittenTotal: 2 });
    expect(await readFolder(root())).toMatchObject({
      'guide.md': '# Guide\n## Install\nRun it.\n## Usage\nRun it.\n',
      'index.md': 'See [[guide#Install]] and [the setup](guide.md#install).',
    });
    const taken = await cli(['--vault', '.', 'rename-heading', 'guide.md', 'Install', 'usage']);
    expect(taken).toMatchObject({ code: 3, stdout: '' });
  });
});
