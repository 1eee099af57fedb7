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

/**
 * Runs `git` (or `gitPath`) with an argument array, never through a shell. A code outside `okCodes`
 * is an `IO_ERROR` naming the command and git's message.
 */
export function runGit(gitPath: string, args: readonly string[], options: GitRunOptions): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    // With a time limit, git leads a process group of its own: its helpers (receive-pack, a hook, ssh) are stopped with it.
    const child = spawnGit(gitPath, args, options.cwd, options.env, options.timeout !== undefined);
    const chunks: Buffer[] = [];
    let size = 0;
    let cut = false;
    let stderr = '';
    let timedOut = false;
    const timer =
      options.timeout === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            killGroup(child);
            // Answered once git is gone: a helper that escaped the group may hold the pipes open, and is not waited for.
            if (child.exitCode !== null || child.signalCode !== null) answerTimedOut();
            else child.once('exit', answerTimedOut);
          }, options.timeout);
    const answerTimedOut = () => {
      child.stdout.destroy();
      child.stderr.destroy();
      resolve({ code: -1, stdout: Buffer.concat(chunks), stderr: `no answer within ${options.timeout} ms`, cut, timedOut });
    };
    child.stdout.on('data', (chunk: Buffer) => {
      if (cut) return;
      const room = (options.maxOutput ?? Number.POSITIVE_INFINITY) - size;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        cut = true;
        child.kill();
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? gitMissing(gitPath) : error));
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) return;
      const result = { code: code ?? -1, stdout: Buffer.concat(chunks), stderr: stderr.trim(), cut };
      if (cut || (options.okCodes ?? [0]).includes(result.code)) resolve(result);
      else reject(gitFailed(args, result));
    });
    // A command that reads no stdin may close it first: that is no failure of ours.
    child.stdin.on('error', () => {});
    child.stdin.end(options.input ?? '');
  });
}

/** Kills git's process group (git and the helpers it started), or git alone where there is none (Windows). */
function killGroup(child: ChildProcessWithoutNullStreams): void {
  try {
    if (child.pid !== undefined && process.platform !== 'win32') return void process.kill(-child.pid, 'SIGKILL');
  } catch {
    // The group is gone already (git exited): git alone, below, is a no-op then.
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
