import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A `git` that runs the real one, with shell snippets run before or after the commands a test names: a person acting at a chosen step. */
export interface HookedGit {
  /** The wrapper, for `gitPath`. */
  gitPath: string;
  /**
   * Runs `body` (sh, with the command's arguments as `$@`, in its folder) before or after each `git STEP`
   * (the first word that is no option), until `clear`; an after hook that fails gives its exit code as git's.
   */
  hook(when: 'before' | 'after', step: string, body: string): void;
  clear(when: 'before' | 'after', step: string): void;
  /** The steps run so far, in order (`fetch`, `push`, `cat-file`...). */
  steps(): string[];
  remove(): void;
}

/** The real git's path, for the wrapper and for the hooks' own git commands. */
export const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();

export function createHookedGit(): HookedGit {
  const folder = mkdtempSync(path.join(tmpdir(), 'hooked-git-'));
  const log = path.join(folder, 'steps.log');
  const gitPath = path.join(folder, 'git');
  writeFileSync(log, '');
  writeFileSync(
    gitPath,
    `#!/bin/sh
step=""
skip=""
for arg in "$@"; do
  if [ -n "$skip" ]; then skip=""; continue; fi
  case "$arg" in -c) skip=1; continue;; -*) continue;; esac
  step="$arg"; break
done
echo "$step" >> "${log}"
if [ -f "${folder}/before-$step.sh" ]; then sh "${folder}/before-$step.sh" "$@"; fi
"${realGit}" "$@"
code=$?
if [ -f "${folder}/after-$step.sh" ]; then sh "${folder}/after-$step.sh" "$@" || code=$?; fi
exit $code
`,
  );
  chmodSync(gitPath, 0o755);
  const file = (when: string, step: string) => path.join(folder, `${when}-${step}.sh`);
  return {
    gitPath,
    hook: (when, step, body) => writeFileSync(file(when, step), `${body}\n`),
    clear: (when, step) => rmSync(file(when, step), { force: true }),
    steps: () => readFileSync(log, 'utf8').split('\n').filter(Boolean),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
