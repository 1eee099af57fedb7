import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The steps of recording one TextEdit, in order: each request to the git commands the server keeps
 * running (`NAME#N`: the Nth request to that command). Before the write: the branch's commit and HEAD's
 * tree read (`cat-file`; the branch's file is read by the server), to tell an outside change (the file's
 * blob id is computed in the server); after it, the blob, its tree and the commit are written by the
 * server, with no git, and the branch is moved (`update-ref`); the person's index is written by the
 * server too, after that answer (killed after `update-ref`, the branch has moved and the index is not told).
 */
export const commitSteps = ['cat-file#1', 'cat-file#2', 'update-ref#1'];

/**
 * A folder holding a `git` that runs the real one, except that at the step `KILL_AT` names
 * (`KILL_WHEN`: before or after it runs) it kills the process that started it, with SIGKILL: put it
 * first on the PATH of a server to kill that server at that step of a commit (`STEP@N`: at its Nth run, counted in
 * the file `KILL_COUNTER`). A request to a kept
 * command is one write to its stdin (the server asks one request at a time and waits for the answer):
 * that command runs through a proxy that, before, never passes the request on, and after, waits for
 * git's answer first.
 */
export async function createKillingGit(realGit: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'killing-git-'));
  const git = `#!/bin/sh
step=""
skip=""
for arg in "$@"; do
  if [ -n "$skip" ]; then skip=""; continue; fi
  case "$arg" in -c) skip=1; continue;; -*) continue;; esac
  step="$arg"; break
done
case "$KILL_AT" in "$step#"*) exec "${process.execPath}" "${folder}/proxy.cjs" "\${KILL_AT#*#}" "$@";; esac
at="$KILL_AT"
case "$KILL_AT" in "$step@"*)
  runs=$(( $(cat "$KILL_COUNTER" 2>/dev/null || echo 0) + 1 )); echo "$runs" > "$KILL_COUNTER"
  if [ "$runs" = "\${KILL_AT#*@}" ]; then at="$step"; else at=""; fi;;
esac
if [ "$step" = "$at" ] && [ "$KILL_WHEN" = before ]; then kill -9 $PPID; exit 1; fi
"${realGit}" "$@"
code=$?
if [ "$step" = "$at" ] && [ "$KILL_WHEN" = after ]; then kill -9 $PPID; fi
exit $code
`;
  // Runs a kept command, killing the server at its request number ARGV[2].
  const proxy = `const { spawn } = require('node:child_process');
const [number, ...args] = process.argv.slice(2);
const kill = () => process.kill(process.ppid, 'SIGKILL');
const git = spawn(${JSON.stringify(realGit)}, args, { stdio: ['pipe', 'pipe', 'inherit'] });
let requests = 0;
let killAfterAnswer = false;
process.stdin.on('data', (chunk) => {
  requests += 1;
  if (String(requests) === number && process.env.KILL_WHEN === 'before') return kill();
  if (String(requests) === number) killAfterAnswer = true;
  git.stdin.write(chunk);
});
process.stdin.on('end', () => git.stdin.end());
git.stdout.on('data', (chunk) => (killAfterAnswer ? kill() : process.stdout.write(chunk)));
git.on('close', (code) => {
  process.exitCode = code ?? 1;
});
`;
  await writeFile(path.join(folder, 'git'), git);
  await writeFile(path.join(folder, 'proxy.cjs'), proxy);
  await chmod(path.join(folder, 'git'), 0o755);
  return folder;
}
