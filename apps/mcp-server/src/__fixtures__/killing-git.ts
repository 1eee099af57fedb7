import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The steps of recording one change, as the git commands that make them (`update-index` twice: the
 * private index, then the person's). The `ls-files` between `read-tree` and `hash-object` is not
 * among them: killing there leaves what killing after one or before the other leaves, and the
 * server runs `ls-files` at start too (the attributes check).
 */
export const commitSteps = ['status', 'read-tree', 'hash-object', 'update-index:private', 'write-tree', 'commit-tree', 'update-ref', 'update-index:person'];

/**
 * A folder holding a `git` that runs the real one, except that at the step `KILL_AT` names
 * (`KILL_WHEN`: before or after it runs) it kills the process that started it, with SIGKILL: put it
 * first on the PATH of a server to kill that server at that step of a commit.
 */
export async function createKillingGit(realGit: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'killing-git-'));
  const script = `#!/bin/sh
step=""
skip=""
for arg in "$@"; do
  if [ -n "$skip" ]; then skip=""; continue; fi
  case "$arg" in -c) skip=1; continue;; -*) continue;; esac
  step="$arg"; break
done
if [ "$step" = update-index ]; then
  if [ -n "$GIT_INDEX_FILE" ]; then step=update-index:private; else step=update-index:person; fi
fi
if [ "$step" = "$KILL_AT" ] && [ "$KILL_WHEN" = before ]; then kill -9 $PPID; exit 1; fi
"${realGit}" "$@"
code=$?
if [ "$step" = "$KILL_AT" ] && [ "$KILL_WHEN" = after ]; then kill -9 $PPID; fi
exit $code
`;
  await writeFile(path.join(folder, 'git'), script);
  await chmod(path.join(folder, 'git'), 0o755);
  return folder;
}
