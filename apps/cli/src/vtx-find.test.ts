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

  it('takes --dir as the folder, and names its own flags where core names parameters', async () => {
    const [inDir, both, small] = await Promise.all([
      cli(['--vault', '.', 'find', 'buddy', '--dir', 'notes']),
      cli(['--vault', '.', 'find', 'buddy', 'notes', '--dir', 'team']),
      cli(['--vault', '.', 'find', 'buddy', '-m', '0']),
    ]);
    expect(inDir.stdout).toMatch(/^notes\/other\.md /);
    expect(both).toMatchObject({ code: 64, stderr: expect.stringMatching(/as an argument or with --dir, not both/) });
    expect(small.stderr).toMatch(/→ at --max-results\./);
  });

  it('refuses an empty query with the exit code of INVALID_ARGUMENT', async () => {
    const refused = await cli(['--vault', '.', 'find', ' ']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/^INVALID_ARGUMENT: The query is empty/);
  });
});

describe('vtx find on a generated vault', () => {
  const notes = Object.fromEntries(Array.from({ length: 2_000 }, (_, index) => [`notes/n${index}.md`, `# Note ${index}\nThe budget plan for ${index}.\n`]));
  const { cli } = useBuiltBin(notes);

  it('takes --timeout, and names --dir and --glob, not the tool parameters, when the budget leaves notes unread', async () => {
    const partial = await cli(['--vault', '.', 'find', 'budget', '--timeout', '1']);
    const said = partial.stdout + partial.stderr;
    expect(said).toMatch(/narrow it with --dir or --glob/i);
    expect(said).not.toMatch(/directoryPath|filePattern/);
  });

  it('gives find a budget of a minute by default: the command keeps no index, so every run reads the notes it ranks', async () => {
    const help = (await cli(['find', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).toMatch(/--timeout <ms> the time budget of the ranking, reading every note first, in milliseconds \(default: 60000\)/);
  });
});
