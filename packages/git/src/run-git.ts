import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { VaultError } from '@vault/core';

/** What a git command gave: its exit code and output (stdout cut at `maxOutput` bytes when asked). */
export interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
  /** True when stdout was longer than `maxOutput` and the command was stopped there. */
  cut: boolean;
  /** True when it ran past `timeout` and was killed. */
  timedOut?: boolean;
}

export interface GitRunOptions {
  /** The folder it runs in. */
  cwd: string;
  /** Written to its stdin, then closed. */
  input?: string | Uint8Array;
  /** Variables added to the environment (a private index, the author). */
  env?: Readonly<Record<string, string>>;
  /** Stop reading stdout past this many bytes (the command is ended). Default: read it all. */
  maxOutput?: number;
  /** Exit codes that are answers, not failures (`rev-parse --verify` gives 1 for "no such thing"). Default: 0 only. */
  okCodes?: readonly number[];
  /** Milliseconds after which the command is killed and answers code -1, `timedOut` (a remote that stalls). Default: none. */
  timeout?: number;
}

/**
 * The settings every command of ours runs with, whatever the person's configuration says: no hooks
 * (decision 0018), no line-ending conversion, names unquoted (`-z` gives them raw anyway), no pager,
 * no prompt, pathspecs always literal (a name like `:(glob)*` or `*.md` is itself), messages in English.
 */
const fixedConfig = ['-c', 'core.hooksPath=/dev/null', '-c', 'core.autocrlf=false', '-c', 'core.safecrlf=false', '-c', 'core.quotePath=false'];
const fixedEnv = {
  GIT_LITERAL_PATHSPECS: '1',
  GIT_TERMINAL_PROMPT: '0',
  GIT_OPTIONAL_LOCKS: '0',
  GIT_PAGER: 'cat',
  LC_ALL: 'C',
};

/** How long the output may stay quiet after git exited before it is answered without waiting for the pipes to close. */
const drainQuiet = 100;

/**
 * Runs `git` (or `gitPath`) with an argument array, never through a shell. A code outside `okCodes`
 * is an `IO_ERROR` naming the command and git's message. Answered once git exited and its output is
 * read: a helper git leaves running (a credential cache, ssh, a hook's child) that keeps the pipes open
 * delays the answer by a quiet `drainQuiet` ms at most, and is left alone: git's process group is killed
 * only at the time limit and only while git is not reaped, since its id may be another group's after.
 */
export function runGit(gitPath: string, args: readonly string[], options: GitRunOptions): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    // With a time limit, git leads a process group of its own: its helpers (receive-pack, a hook, ssh) are stopped with it.
    const child = spawnGit(gitPath, args, options.cwd, options.env, options.timeout !== undefined);
    const output = readOutput(child, options.maxOutput);
    let timedOut = false;
    let drain: NodeJS.Timeout | undefined;
    const answer = (code: number) => {
      clearTimeout(timer);
      clearTimeout(drain);
      child.stdout.destroy();
      child.stderr.destroy();
      const stdout = Buffer.concat(output.chunks);
      if (timedOut) return resolve({ code: -1, stdout, stderr: `no answer within ${options.timeout} ms`, cut: output.cut, timedOut });
      const result = { code, stdout, stderr: output.stderr.trim(), cut: output.cut };
      if (output.cut || (options.okCodes ?? [0]).includes(code)) resolve(result);
      else reject(gitFailed(args, result));
    };
    const timer =
      options.timeout === undefined
        ? undefined
        : setTimeout(() => {
            // git exited: it answers with its own code, after the drain.
            if (child.exitCode !== null || child.signalCode !== null) return;
            timedOut = true;
            killGroup(child);
          }, options.timeout);
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? gitMissing(gitPath) : error));
    child.on('exit', (code) => {
      if (timedOut) return answer(-1);
      // Quiet for a while after git's exit: what it wrote is read (a last turn of the loop reads any left), whoever holds the pipes.
      const quiet = () => {
        clearTimeout(drain);
        drain = setTimeout(() => setImmediate(() => answer(code ?? -1)), drainQuiet);
      };
      output.onData = quiet;
      quiet();
    });
    child.on('close', (code) => answer(code ?? -1));
    // A command that reads no stdin may close it first: that is no failure of ours.
    child.stdin.on('error', () => {});
    child.stdin.end(options.input ?? '');
  });
}

/** Collects git's stdout (cut at `maxOutput` bytes, git then stopped) and the start of its stderr; `onData` hears each chunk. */
function readOutput(child: ChildProcessWithoutNullStreams, maxOutput = Number.POSITIVE_INFINITY) {
  const output = { chunks: [] as Buffer[], size: 0, cut: false, stderr: '', onData: () => {} };
  child.stdout.on('data', (chunk: Buffer) => {
    output.onData();
    if (output.cut) return;
    const room = maxOutput - output.size;
    if (chunk.length > room) {
      output.chunks.push(chunk.subarray(0, room));
      output.cut = true;
      child.kill();
      return;
    }
    output.chunks.push(chunk);
    output.size += chunk.length;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output.onData();
    if (output.stderr.length < 4096) output.stderr += chunk.toString('utf8');
  });
  return output;
}

/** Kills git's process group (git and the helpers it started), or git alone where there is none (Windows). Only while git is not reaped. */
function killGroup(child: ChildProcessWithoutNullStreams): void {
  try {
    if (child.pid !== undefined && process.platform !== 'win32') return void process.kill(-child.pid, 'SIGKILL');
  } catch {
    // No such group (git left it): git alone, below.
  }
  child.kill('SIGKILL');
}

/** Starts `git` with our fixed settings and pipes for stdin, stdout and stderr. */
export function spawnGit(
  gitPath: string,
  args: readonly string[],
  cwd: string,
  env?: Readonly<Record<string, string>>,
  ownGroup = false,
): ChildProcessWithoutNullStreams {
  return spawn(gitPath, [...fixedConfig, ...args], { cwd, env: { ...process.env, ...fixedEnv, ...env }, stdio: ['pipe', 'pipe', 'pipe'], detached: ownGroup });
}

export function gitMissing(gitPath: string): VaultError {
  return new VaultError(
    'IO_ERROR',
    `History needs git 2.38 or newer, and ${gitPath} was not found. Install git (Debian and Ubuntu: apt-get install git; macOS: xcode-select --install or brew install git), or start without --git.`,
  );
}

function gitFailed(args: readonly string[], result: GitResult): VaultError {
  const command = args.find((arg) => !arg.startsWith('-')) ?? 'git';
  return new VaultError(
    'IO_ERROR',
    `git ${command} failed (exit code ${result.code}): ${result.stderr.slice(0, 1000) || 'no message'}. Nothing more was recorded; check the repository with git status, then retry.`,
  );
}

/** Names from `-z` output. */
export function splitZ(output: Buffer): string[] {
  return output
    .toString('utf8')
    .split('\0')
    .filter((name) => name !== '');
}
