import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { commitText, timeZone, withoutCrud } from './commit-text.js';

describe('a commit as git commit-tree writes it', () => {
  it('tree, parent, author, committer with the time and zone, a blank line, the message as it is', () => {
    const text = commitText({
      tree: 'a'.repeat(40),
      parent: 'b'.repeat(40),
      author: { name: 'bot 1', email: 'bot-1@vault-text-tools.invalid' },
      committer: { name: 'vault-mcp 0.1.0', email: 'vault-mcp-0.1.0@vault-text-tools.invalid' },
      message: 'TextEdit: a.md\n\nVault-Tool: TextEdit\n',
      when: new Date(1_700_000_000_500),
    });
    const zone = timeZone(-new Date(1_700_000_000_500).getTimezoneOffset());
    expect(text).toBe(
      `tree ${'a'.repeat(40)}\nparent ${'b'.repeat(40)}\nauthor bot 1 <bot-1@vault-text-tools.invalid> 1700000000 ${zone}\ncommitter vault-mcp 0.1.0 <vault-mcp-0.1.0@vault-text-tools.invalid> 1700000000 ${zone}\n\nTextEdit: a.md\n\nVault-Tool: TextEdit\n`,
    );
  });

  it('a first commit has no parent line', () => {
    const text = commitText({ tree: 't', parent: undefined, author: { name: 'a', email: 'a@x' }, committer: { name: 'c', email: 'c@x' }, message: 'm\n' });
    expect(
      text
        .split('\n')
        .slice(0, 2)
        .map((line) => line.split(' ')[0]),
    ).toEqual(['tree', 'author']);
  });

  it("trims what git trims from an identity's ends and drops what would break the line", () => {
    expect(withoutCrud(` "Ada, L.";'`)).toBe('Ada, L');
    expect(withoutCrud('a<b>\nc')).toBe('abc');
  });

  it('writes the identity and zone as git does (git var, in this time zone and in two others)', () => {
    for (const TZ of [process.env.TZ ?? '', 'Asia/Kolkata', 'America/St_Johns']) {
      const env = { ...process.env, TZ, GIT_AUTHOR_NAME: ' "Ada, L.";', GIT_AUTHOR_EMAIL: '<ada@example.com>', GIT_AUTHOR_DATE: '@1700000000' };
      const byGit = execFileSync('git', ['var', 'GIT_AUTHOR_IDENT'], { env, encoding: 'utf8' }).trim();
      // That zone's offset then, in minutes east of UTC, as Node in that zone tells it.
      const offset = execFileSync(process.execPath, ['-e', 'process.stdout.write(String(-new Date(1700000000000).getTimezoneOffset()))'], {
        env,
        encoding: 'utf8',
      });
      expect(byGit).toBe(`${withoutCrud(env.GIT_AUTHOR_NAME)} <${withoutCrud(env.GIT_AUTHOR_EMAIL)}> 1700000000 ${timeZone(Number(offset))}`);
    }
  });
});
