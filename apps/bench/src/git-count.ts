import { execFileSync } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Each git process the servers started: its command (`fetch`, `cat-file --batch` for a kept one), the server, its CPU with its own children's. */
export interface GitProcess {
  kind: string;
  server: number;
  cpuMs: number;
}

/**
 * A `git` put first on the servers' PATH (`VAULT_BENCH_GIT_COUNT=1`): it runs the real one and appends
 * a line per process to a log (the server's pid, the command, and the CPU of the children bash waited
 * for, from its `times`: git and what git waited for, `upload-pack` and `receive-pack` of a local remote).
 * A kept process is logged when it ends.
 */
export async function createGitCounter(folder: string): Promise<{ env: Record<string, string>; read(): Promise<GitProcess[]>; reset(): Promise<void> }> {
  const bin = path.join(folder, 'counting-bin');
  const log = path.join(folder, 'git-processes.log');
  const real = execFileSync('bash', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  await mkdir(bin, { recursive: true });
  await writeFile(
    path.join(bin, 'git'),
    `#!/bin/bash
"${real}" "$@"
status=$?
kind=""
while [ $# -gt 0 ]; do
  case "$1" in
    -c|-C) shift 2 ;;
    -*) shift ;;
    *) kind="$1"; [ "$kind" = cat-file ] || [ "$kind" = hash-object ] || [ "$kind" = update-ref ] || [ "$kind" = check-ignore ] && case " $* " in *" --batch"*|*" --stdin"*) kind="$kind (kept)" ;; esac; break ;;
  esac
done
# The builtin's own output, without a subshell (whose children would be none): a file per process, the folder removed with the run.
times > "${log}.$$"
{ read -r _; read -r user system; } < "${log}.$$"
echo "$PPID|$kind|$user|$system" >> "${log}"
exit $status
`,
  );
  await chmod(path.join(bin, 'git'), 0o755);
  await writeFile(log, '');
  return {
    env: { PATH: `${bin}:${process.env.PATH ?? ''}` },
    reset: () => writeFile(log, ''),
    async read() {
      return (await readFile(log, 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [server = '', kind = '', user = '', system = ''] = line.split('|');
          return { kind, server: Number(server), cpuMs: milliseconds(user) + milliseconds(system) };
        });
    },
  };
}

/** `0m0.012s` (bash's `times`) in milliseconds. */
function milliseconds(time: string): number {
  const [, minutes = '0', rest = '0'] = /^(\d+)m([\d.]+)s$/.exec(time) ?? [];
  return (Number(minutes) * 60 + Number(rest)) * 1000;
}
