import { describe, expect, it } from 'vitest';
import { useBuiltBin } from './__fixtures__/use-built-bin.js';

const { cli } = useBuiltBin({
  'team/onboarding.md': '# Onboarding\n\n## Buddy\nEvery new hire gets a buddy.\n',
  'team/laptops.md': '# Laptops\n\nIT orders laptops.\n',
  'notes/other.md': 'A buddy movie.\n',
});

describe('vtx find', () => {
  it('prints the best notes with their best section and lines; takes a folder, -m and --glob; exits with 1 when no note matched', async () => {
    const find = (...args: string[]) => cli(['--vault', '.', 'find', ...args]);
    const [best, inFolder, globbed, none, json] = await Promise.all([
      find('buddy hire', '-m', '1'),
      find('buddy', 'notes'),
      find('buddy', '--glob', 'onb*'),
      find('kubernetes'),
      cli(['--vault', '.', '--json', 'find', 'laptops']),
    ]);
    expect(best).toMatchObject({ code: 0, stderr: '' });
    expect(best.stdout).toMatch(
      /^team\/onboarding\.md "Onboarding" § ## Buddy \(lines 3-4, score [\d.]+\)\n4: Every new hire gets a buddy\.\n\[2 matching notes of 3 notes searched, best first; showing the best 1 /,
    );
    expect(inFolder.stdout).toMatch(/^notes\/other\.md \(lines 1-1, score [\d.]+\)\n1: A buddy movie\.\n\[1 matching note of 1 note searched/);
    expect(globbed.stdout).toMatch(/^team\/onboarding\.md /);
    expect(none).toEqual({
      code: 1,
      stderr: '',
      stdout: '[No notes match (3 notes searched); try other words, fewer words, or vtx search for an exact string]\n',
    });
    expect(JSON.parse(json.stdout)).toMatchObject({ notes: [{ path: 'team/laptops.md', lines: [{ line: 3, text: 'IT orders laptops.' }] }], totalNotes: 1 });
  });

  it('refuses an empty query with the exit code of INVALID_ARGUMENT', async () => {
    const refused = await cli(['--vault', '.', 'find', ' ']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/^INVALID_ARGUMENT: The query is empty/);
  });
});
