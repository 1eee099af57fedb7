import { VaultError } from '@vault/core';
import { gitMissing, spawnGit } from '../run-git.js';

/**
 * Finds one answer at the front of what the process wrote: its value and its length in bytes; or, while
 * it is incomplete, how many bytes it needs if that is known (`need`: an object's size was read), else
 * `undefined` (any more will do).
 */
export type AnswerReader<T> = (output: Buffer) => { value: T; length: number } | { need: number } | undefined;

/** A git command that stays running and answers request after request (`cat-file --batch`, `update-ref --stdin`). */
export interface GitProcess {
  /**
   * Writes `input` and resolves with the answer `read` finds; requests take turns. Rejects with
   * IO_ERROR when the process ends before answering: the next request starts it again.
   */
  ask<T>(input: string | Uint8Array, read: AnswerReader<T>): Promise<T>;
  /** Ends the process (its stdin closed) and waits for it to exit. */
  close(): Promise<void>;
}

interface Running {
  child: ReturnType<typeof spawnGit>;
  /** What it wrote and was not read yet, joined only once an answer can be whole (a large blob is not copied per chunk). */
  output: Buffer[];
  size: number;
  stderr: string;
  ended?: Error;
  closed: Promise<void>;
  wake(): void;
}

/** Pipes a process holds; unreferenced while it waits for a request, so an idle git never keeps Node running. */
type Held = { ref?(): void; unref?(): void };

/**
 * Runs `git ARGS` (our fixed settings and `env`, no shell) when first asked, and again after it ended. While
 * no request waits it holds nothing of Node's event loop, and it ends by itself when Node does (its
 * stdin closes).
 */
export function createGitProcess(gitPath: string, args: readonly string[], cwd: string, env?: Readonly<Record<string, string>>): GitProcess {
  let current: Running | undefined;
  let turn: Promise<unknown> = Promise.resolve();

  function start(): Running {
    const child = spawnGit(gitPath, args, cwd, env);
    const running: Running = { child, output: [], size: 0, stderr: '', closed: Promise.resolve(), wake: () => {} };
    const end = (error: Error) => {
      running.ended ??= error;
      if (current === running) current = undefined;
      running.wake();
    };
    child.stdout.on('data', (chunk: Buffer) => {
      running.output.push(chunk);
      running.size += chunk.length;
      running.wake();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (running.stderr.length < 4096) running.stderr += chunk.toString('utf8');
    });
    child.stdin.on('error', () => {});
    running.closed = new Promise((resolve) => {
      child.on('error', (error: NodeJS.ErrnoException) => {
        end(error.code === 'ENOENT' ? gitMissing(gitPath) : error);
        resolve();
      });
      child.on('close', (code) => {
        end(ended(args, code, running.stderr));
        resolve();
      });
    });
    return running;
  }

  function hold(running: Running, held: boolean) {
    for (const handle of [running.child, running.child.stdin, running.child.stdout, running.child.stderr] as Held[]) {
      if (held) handle.ref?.();
      else handle.unref?.();
    }
  }

  async function exchange<T>(input: string | Uint8Array, read: AnswerReader<T>): Promise<T> {
    // One that ended while idle (its exit already seen, its close not yet) is started again.
    if (current && (current.child.exitCode !== null || current.child.signalCode !== null)) current = undefined;
    current ??= start();
    const running = current;
    hold(running, true);
    try {
      running.child.stdin.write(input);
      for (let need = 1; ; ) {
        if (running.size >= need) {
          const output = Buffer.concat(running.output);
          const found = read(output);
          if (found && 'value' in found) {
            running.output = [output.subarray(found.length)];
            running.size -= found.length;
            return found.value;
          }
          running.output = [output];
          need = found?.need ?? output.length + 1;
        }
        if (running.ended) throw running.ended;
        await new Promise<void>((resolve) => {
          running.wake = resolve;
        });
      }
    } finally {
      hold(running, false);
    }
  }

  return {
    ask(input, read) {
      const answer = turn.then(() => exchange(input, read));
      turn = answer.catch(() => undefined);
      return answer;
    },
    async close() {
      // A request still waiting gets its answer, or IO_ERROR if git ends first; a later one starts git again.
      const running = current;
      if (!running) return;
      current = undefined;
      // Held while it ends, or Node could find nothing to wait for and stop before it has.
      hold(running, true);
      running.child.stdin.end();
      await running.closed;
    },
  };
}

function ended(args: readonly string[], code: number | null, stderr: string): VaultError {
  const command = args.find((arg) => !arg.startsWith('-')) ?? 'git';
  return new VaultError(
    'IO_ERROR',
    `git ${command} ended (exit code ${code ?? 'none'}): ${stderr.trim().slice(0, 1000) || 'no message'}. Nothing more was recorded; check the repository with git status, then retry.`,
  );
}

/** An answer that is one line (its text without the line break). */
export const oneLine = (output: Buffer): { value: string; length: number } | undefined => {
  const end = output.indexOf(10);
  return end < 0 ? undefined : { value: output.toString('utf8', 0, end), length: end + 1 };
};
