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
