import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The steps of recording one TextEdit, in order: each git process the server starts for it
 * (`update-index:person`: the person's index), and each request to the git commands it keeps running
 * (`NAME#N`: the Nth request to that command; `hash-object:commit` writes commits). Before the write:
 * the branch and HEAD's tree read (`cat-file`), the file on disk hashed (`hash-object`), to tell an
 * outside change; after it: the branch read again, the file hashed, its tree written (`mktree`), the
 * commit written, the branch moved (`update-ref`), then the person's index told.
 */
export const commitSteps = [
  'cat-file#1',
  'hash-object#1',
  'cat-file#2',
  'cat-file#3',
  'hash-object#2',
  'mktree#1',
  'hash-object:commit#1',
  'update-ref#1',
  'update-index:person',
];

/**
 * A folder holding a `git` that runs the real one, except that at the step `KILL_AT` names
 * (`KILL_WHEN`: before or after it runs) it kills the process that started it, with SIGKILL: put it
 * first on the PATH of a server to kill that server at that step of a commit. A request to a kept
 * command is one write to its stdin (the server asks one request at a time and waits for the answer):
 * before, it is never passed on; after, git's answer is waited for first.
 */
export async function createKillingGit(realGit: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'killing-git-'));
  const script = `#!${process.execPath}
const { spawn } = require('node:child_process');
const args = process.argv.slice(2);
const rest = args.filter((arg, index) => arg !== '-c' && args[index - 1] !== '-c');
let step = rest.find((arg) => !arg.startsWith('-')) ?? '';
if (step === 'update-index') step = process.env.GIT_INDEX_FILE ? 'update-index:private' : 'update-index:person';
if (step === 'hash-object' && rest.includes('commit')) step = 'hash-object:commit';
const [killAt, number] = (process.env.KILL_AT ?? '').split('#');
const kill = () => process.kill(process.ppid, 'SIGKILL');
if (number === undefined && step === killAt && process.env.KILL_WHEN === 'before') {
  kill();
  process.exit(1);
}
const git = spawn(${JSON.stringify(realGit)}, args, { stdio: ['pipe', 'pipe', 'inherit'] });
let requests = 0;
let killAfterAnswer = false;
process.stdin.on('data', (chunk) => {
  requests += 1;
  const here = step === killAt && String(requests) === number;
  if (here && process.env.KILL_WHEN === 'before') return kill();
  if (here) killAfterAnswer = true;
  git.stdin.write(chunk);
});
process.stdin.on('end', () => git.stdin.end());
git.stdout.on('data', (chunk) => {
  if (killAfterAnswer) return kill();
  process.stdout.write(chunk);
});
git.on('close', (code) => {
  if (number === undefined && step === killAt && process.env.KILL_WHEN === 'after') kill();
  process.exitCode = code ?? 1;
});
`;
  await writeFile(path.join(folder, 'git'), script);
  await chmod(path.join(folder, 'git'), 0o755);
  return folder;
}
