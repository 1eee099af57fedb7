import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FigureRow, ms, ratio, verdict } from './figure-row.js';
import { type McpSession, openSession, type ServerCommand } from './mcp-session.js';
import { median, percentile } from './statistics.js';

const gitEnv = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'bench@example.com',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'bench@example.com',
};
const git = (cwd: string, args: string[]) => execFileSync('git', args, { cwd, env: gitEnv, encoding: 'utf8', maxBuffer: 1 << 28 });

/** Notes the writers share: few enough that writes overlap on files. */
const sharedNotes = 8;
/** Calls in flight on each server at once. */
const callsPerServer = 4;
/** How long each configuration writes. */
const writeSeconds = Number(process.env.VAULT_BENCH_REMOTE_SECONDS ?? 8);

interface RunFigures {
  clones: number;
  groupCommit: boolean;
  acked: number;
  perSecond: number;
  p50: number;
  p99: number;
  stale: number;
  staleRate: number;
  /** Retries after IO_ERROR `busy` (other servers kept pushing first), counted apart from STALE_FILE. */
  busy: number;
  /** Retries after any other IO_ERROR (a fetch or push that failed). */
  otherErrors: number;
  lost: number;
  twice: number;
}

/** A bare remote with the shared notes, in a folder of its own; its clones go beside it. */
async function createRemote(): Promise<{ folder: string; bare: string; clone(name: string): string }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'vault-bench-remote-'));
  const seed = path.join(folder, 'seed');
  await mkdir(seed);
  git(seed, ['init', '-q', '-b', 'main']);
  for (let note = 0; note < sharedNotes; note += 1) await writeFile(path.join(seed, `note-${note}.md`), `# Note ${note}\n\nEND\n`);
  git(seed, ['add', '-A']);
  git(seed, ['commit', '-q', '-m', 'first']);
  const bare = path.join(folder, 'remote.git');
  git(folder, ['clone', '-q', '--bare', seed, bare]);
  return {
    folder,
    bare,
    clone: (name) => {
      git(folder, ['clone', '-q', bare, name]);
      return path.join(folder, name);
    },
  };
}

/** `clones` servers on their own clones, each with `callsPerServer` calls in flight appending lines to the shared notes for `writeSeconds`. */
async function writeAtOnce(server: (vault: string, extra: string[]) => ServerCommand, clones: number, groupCommit: boolean): Promise<RunFigures> {
  const remote = await createRemote();
  const sessions: McpSession[] = [];
  try {
    const extra = ['--git', '--git-remote', 'origin', '--git-fetch-interval', '1', ...(groupCommit ? [] : ['--no-git-group-commit'])];
    for (let index = 0; index < clones; index += 1) sessions.push(await openSession(server(remote.clone(`clone-${index}`), extra)));
    const latencies: number[] = [];
    const acked: string[] = [];
    let stale = 0;
    let busy = 0;
    let otherErrors = 0;
    const deadline = performance.now() + writeSeconds * 1000;
    const writer = async (session: McpSession, id: string) => {
      for (let write = 0; performance.now() < deadline; write += 1) {
        const line = `line ${id}-${write}`;
        const note = `note-${Math.floor(Math.random() * sharedNotes)}.md`;
        for (;;) {
          const started = performance.now();
          const result = await session.attempt('TextEdit', { filePath: note, oldString: '\nEND', newString: `\n${line}\nEND` });
          if (!result.isError) {
            latencies.push(performance.now() - started);
            acked.push(line);
            break;
          }
          const code = (result._meta as { errorCode?: string } | undefined)?.errorCode;
          if (code !== 'STALE_FILE' && code !== 'IO_ERROR') throw new Error(`TextEdit failed: ${JSON.stringify(result.content).slice(0, 300)}`);
          // The MCP result carries the code, not `details.remote`: busy is told by its message (remoteBusy's "kept moving").
          if (code === 'STALE_FILE') stale += 1;
          else if (JSON.stringify(result.content).includes('kept moving')) busy += 1;
          else otherErrors += 1;
          if (performance.now() >= deadline) break;
        }
      }
    };
    const started = performance.now();
    await Promise.all(sessions.flatMap((session, server) => Array.from({ length: callsPerServer }, (_, call) => writer(session, `${server}.${call}`))));
    const seconds = (performance.now() - started) / 1000;
    // Every acknowledged line on the remote exactly once: none lost, none twice.
    const onRemote = new Map<string, number>();
    for (let note = 0; note < sharedNotes; note += 1) {
      for (const line of git(remote.bare, ['show', `main:note-${note}.md`]).split('\n'))
        if (line.startsWith('line ')) onRemote.set(line, (onRemote.get(line) ?? 0) + 1);
    }
    return {
      clones,
      groupCommit,
      acked: acked.length,
      perSecond: acked.length / seconds,
      p50: median(latencies),
      p99: percentile(latencies, 0.99),
      stale,
      staleRate: stale / (stale + acked.length),
      busy,
      otherErrors,
      lost: acked.filter((line) => !onRemote.has(line)).length,
      twice: [...onRemote.values()].filter((count) => count > 1).length,
    };
  } finally {
    await Promise.all(sessions.map((session) => session.close()));
    await rm(remote.folder, { recursive: true, force: true });
  }
}

/** From a push on one server to a search on another finding the change (fetch interval 1 s): `runs` times. */
async function pushToSearch(server: (vault: string, extra: string[]) => ServerCommand, runs: number): Promise<number[]> {
  const remote = await createRemote();
  const extra = ['--git', '--git-remote', 'origin', '--git-fetch-interval', '1'];
  const [writer, reader] = [await openSession(server(remote.clone('writer'), extra)), await openSession(server(remote.clone('reader'), extra))];
  try {
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const word = `marker${run}x${Date.now()}`;
      await writer.call('TextEdit', { filePath: 'note-0.md', oldString: '\nEND', newString: `\n${word}\nEND` });
      const pushed = performance.now();
      for (;;) {
        const found = await reader.call('TextSearch', { query: word });
        if ((found.structuredContent as { totalMatches: number }).totalMatches > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      times.push(performance.now() - pushed);
    }
    return times;
  } finally {
    await Promise.all([writer.close(), reader.close()]);
    await rm(remote.folder, { recursive: true, force: true });
  }
}

/**
 * The many-machines bench (SPEC 14): acknowledged writes per second at 1, 4 and 16 servers on their
 * own clones of one bare remote, group commit on and off, each server with calls in flight appending
 * to a few shared notes (STALE_FILE retried); p50 and p99 from call to acknowledgement, lost updates,
 * the STALE_FILE rate; and the time from a push on one server to a search on another finding it.
 */
export async function remoteFigures(server: (vault: string, extra: string[]) => ServerCommand, log: (message: string) => void) {
  const runs: RunFigures[] = [];
  for (const clones of [1, 4, 16]) {
    for (const groupCommit of [false, true]) {
      log(`remote: ${clones} servers, group commit ${groupCommit ? 'on' : 'off'}, ${callsPerServer} calls in flight each, ${writeSeconds} s`);
      runs.push(await writeAtOnce(server, clones, groupCommit));
    }
  }
  log('remote: push on one server to search on another, fetch interval 1 s, 10 runs');
  const searchTimes = await pushToSearch(server, 10);
  const baseline = runs.find((run) => run.clones === 1 && !run.groupCommit)!;
  const rows: FigureRow[] = runs.map((run) => ({
    figure: `remote: ${run.clones} clone${run.clones > 1 ? 's' : ''}, group commit ${run.groupCommit ? 'on' : 'off'}`,
    ours: `${run.perSecond.toFixed(1)} acked writes/s (p50 ${ms(run.p50)}, p99 ${ms(run.p99)}, STALE ${(run.staleRate * 100).toFixed(0)}%, busy ${run.busy}, other IO_ERROR ${run.otherErrors}, lost ${run.lost}, twice ${run.twice})`,
    peer: `1 clone, no group commit: ${baseline.perSecond.toFixed(1)}/s`,
    ratio: ratio(run.perSecond, baseline.perSecond),
    budget:
      run.clones === 16 && run.groupCommit
        ? verdict(run.perSecond >= 2 * baseline.perSecond && run.lost === 0 && run.twice === 0, 'at least 2x, none lost')
        : verdict(run.lost === 0 && run.twice === 0, 'none lost, none twice'),
  }));
  const searchMedian = median(searchTimes);
  rows.push({
    figure: 'remote: push on one server to a search on another finding it',
    ours: `${ms(searchMedian)} median, ${ms(Math.max(...searchTimes))} max`,
    peer: 'fetch interval: 1000 ms',
    ratio: ratio(searchMedian, 1000),
    budget: verdict(Math.max(...searchTimes) <= 2000, 'within the fetch interval plus 1 s'),
  });
  return { rows, results: { runs, searchTimes } };
}
