import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawnGit } from '../run-git.js';

/** A path no index ever holds (git tracks nothing under `.git`): the first one each waiting reset reads, so an early end of its input resets nothing. */
const nothing = '.git/vault-text-tools-nothing\0';

/** The person's index brought to HEAD for some paths by a `git reset` started ahead (decision 0018). */
export interface IndexReset {
  /** Brings the index entries of these top-relative files to HEAD's; false when git failed (`index.lock` taken, or another reason). */
  reset(files: readonly string[]): Promise<boolean>;
  /** Ends the waiting reset without letting it run. */
  close(): void;
}

/**
 * `git reset -q --no-refresh --pathspec-from-file=- --pathspec-file-nul`, one started ahead of each use: it reads its
 * paths before it takes `index.lock` or reads the index or HEAD, so while it waits it holds nothing a person's git
 * needs, and a call pays for no process start. Its input starts with a path no index holds, since an empty list would
 * reset the whole index. The next one starts on the turn of the event loop after a use, once the call is answered.
 */
/** The handles a process holds in Node's event loop. */
const handlesOf = (child: ChildProcessWithoutNullStreams) => [child, child.stdin, child.stdout, child.stderr] as { ref?(): void; unref?(): void }[];

export function createIndexReset(gitPath: string, top: string): IndexReset {
  let waiting: ChildProcessWithoutNullStreams | undefined;
  let closed = false;

  function start(): ChildProcessWithoutNullStreams {
    const child = spawnGit(gitPath, ['reset', '-q', '--no-refresh', '--pathspec-from-file=-', '--pathspec-file-nul'], top);
    child.stdin.on('error', () => {});
    child.stdin.write(nothing);
    // What it says is not needed: its exit code is the answer.
    child.stdout.resume();
    child.stderr.resume();
    // Waiting, it keeps no Node running; were Node to end without close(), it reads the end of its input and resets nothing.
    for (const handle of handlesOf(child)) handle.unref?.();
    child.on('error', () => {});
    child.on('exit', () => {
      if (waiting === child) waiting = undefined;
    });
    return child;
  }

  return {
    reset(files) {
      const child = waiting ?? start();
      waiting = undefined;
      for (const handle of handlesOf(child)) handle.ref?.();
      const done = new Promise<boolean>((resolve) => {
        child.on('error', () => resolve(false));
        child.on('exit', (code) => resolve(code === 0));
      });
      child.stdin.end(files.map((file) => `${file}\0`).join(''));
      // The next one once the call is answered (a start holds the event loop for milliseconds).
      void done.then(() =>
        setImmediate(() => {
          if (!closed && waiting === undefined) waiting = start();
        }),
      );
      return done;
    },
    close() {
      closed = true;
      waiting?.kill('SIGKILL');
      waiting = undefined;
    },
  };
}
