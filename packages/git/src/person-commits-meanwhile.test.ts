import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createVault } from '@vault/core';
import { createNodeFs } from '@vault/node';
import { createTempRepository, personEnv } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { withGitHistory } from './with-git-history.js';

describe("a person's commit lands between the tools' commit and its branch update", () => {
  it("the branch moved: the commit is rebuilt on the person's, nothing of either is lost", async () => {
    const repository = await createTempRepository({ 'a.md': 'a\n', 'p.md': 'p\n' });
    const folder = await mkdtemp(path.join(tmpdir(), 'racing-git-'));
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    // A git that, at the first update-ref, lets the person commit p.md first (as if typed at that moment).
    const gitPath = path.join(folder, 'git');
    await writeFile(
      gitPath,
      `#!/bin/sh
for arg in "$@"; do
  if [ "$arg" = update-ref ] && [ ! -e "${folder}/raced" ]; then
    touch "${folder}/raced"
    (cd "${repository.top}" && printf 'person\\n' > p.md && env ${Object.entries(personEnv)
      .map(([name, value]) => `${name}='${value}'`)
      .join(' ')} "${realGit}" commit -q -m person -- p.md)
  fi
done
exec "${realGit}" "$@"
`,
    );
    await chmod(gitPath, 0o755);
    const fs = await withGitHistory(await createNodeFs(repository.vault), { gitPath });
    try {
      await createVault(fs).call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'b' });
      expect(repository.subjects()).toEqual(['TextEdit: a.md', 'person', 'first']);
      expect(repository.git('show', '--format=', '--name-only', 'HEAD')).toBe('a.md\n');
      expect(repository.git('show', 'HEAD:p.md')).toBe('person\n');
      expect(repository.git('status', '--porcelain')).toBe('');
    } finally {
      await fs.close();
      await repository.remove();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
