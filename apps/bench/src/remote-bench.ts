import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FigureRow, ms, ratio, verdict } from './figure-row.js';
import { type McpSession, openSession, type ServerCommand } from './mcp-session.js';
import { createGitCounter, type GitProcess } from './git-count.js';
import { processCpu } from './process-cpu.js';
import { hotNotes, type RemoteWorkload, teamNotes } from './remote-workload.js';
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

/** Calls in flight on each server at once (`VAULT_BENCH_REMOTE_CALLS`, default 4). */
const callsPerServer = Number(process.env.VAULT_BENCH_REMOTE_CALLS ?? 4);
/** How long each configuration writes. */
const writeSeconds = Number(process.env.VAULT_BENCH_REMOTE_SECONDS ?? 8);
/** The numbers of servers (`VAULT_BENCH_REMOTE_CLONES=1,16` for fewer). */
const cloneCounts = (process.env.VAULT_BENCH_REMOTE_CLONES ?? '1,4,16').split(',').map(Number);

interface RunFigures {
  workload: string;
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
  /** Their messages, each once (the first 300 characters), so a rare one can be told. */
  otherMessages: string[];
  lost: number;
  twice: number;
  /** CPU per acknowledged write: the servers' own (node), and the git processes they waited for. */
  cpuPerWrite: { servers: number; git: number };
  /** With VAULT_BENCH_GIT_COUNT: git processes per acknowledged write by command, and their CPU per write. */
  gitPerWrite?: Record<string, { processes: number; cpuMs: number }>;
}

/** A bare remote with the workload's notes, in a folder of its own; its clones go beside it. */
async function createRemote(notes: readonly string[]): Promise<{ folder: string; bare: string; clone(name: string): string }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'vault-bench-remote-'));
  const seed = path.join(folder, 'seed');
  await mkdir(seed);
  git(seed, ['init', '-q', '-b', 'main']);
  for (const note of notes) await writeFile(path.join(seed, note), `# ${note}\n\nEND\n`);
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

/** Outcomes of the writers' calls. */
interface Tally {
  latencies: number[];
  acked: string[];
  stale: number;
  busy: number;
  otherErrors: number;
  otherMessages: Set<string>;
}

/** One writer: appends a line to the note the workload picks, again after STALE_FILE or IO_ERROR (as an agent would), until the deadline. */
async function writeUntil(session: McpSession, id: string, pick: () => string, deadline: number, tally: Tally): Promise<void> {
  for (let write = 0; performance.now() < deadline; write += 1) {
    const line = `line ${id}-${write}`;
    const note = pick();
    for (;;) {
      const started = performance.now();
      const result = await session.attempt('TextEdit', { filePath: note, oldString: '\nEND', newString: `\n${line}\nEND` });
      if (!result.isError) {
        tally.latencies.push(performance.now() - started);
        tally.acked.push(line);
        break;
      }
      const code = (result._meta as { errorCode?: string } | undefined)?.errorCode;
      if (code !== 'STALE_FILE' && code !== 'IO_ERROR') throw new Error(`TextEdit failed: ${JSON.stringify(result.content).slice(0, 300)}`);
      // The MCP result carries the code, not `details.remote`: busy is told by its message (remoteBusy's "kept moving").
      if (code === 'STALE_FILE') tally.stale += 1;
      else if (JSON.stringify(result.content).includes('kept moving')) tally.busy += 1;
      else {
        tally.otherErrors += 1;
        tally.otherMessages.add(JSON.stringify(result.content).slice(0, 300));
      }
      if (performance.now() >= deadline) break;
    }
  }
}

/** `clones` servers on their own clones, each with `callsPerServer` calls in flight appending lines to the workload's notes for `writeSeconds`. */
async function writeAtOnce(server: ServerFor, workload: RemoteWorkload, clones: number, groupCommit: boolean): Promise<RunFigures> {
  const notes = workload.notes(clones);
  const remote = await createRemote(notes);
  const counter = process.env.VAULT_BENCH_GIT_COUNT ? await createGitCounter(remote.folder) : undefined;
  const sessions: McpSession[] = [];
  try {
    const extra = ['--git', '--git-remote', 'origin', '--git-fetch-interval', '1', ...(groupCommit ? [] : ['--no-git-group-commit'])];
    for (let index = 0; index < clones; index += 1) sessions.push(await openSession({ ...server(remote.clone(`clone-${index}`), extra), env: counter?.env }));
    const tally: Tally = { latencies: [], acked: [], stale: 0, busy: 0, otherErrors: 0, otherMessages: new Set() };
    const cpuBefore = sessions.map((session) => processCpu(session.pid));
    await counter?.reset();
    const started = performance.now();
    const deadline = started + writeSeconds * 1000;
    await Promise.all(
      sessions.flatMap((session, index) =>
        Array.from({ length: callsPerServer }, (_, call) => writeUntil(session, `${index}.${call}`, () => workload.pick(index), deadline, tally)),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = sessions.map((session, index) => cpuDifference(processCpu(session.pid), cpuBefore[index]!));
    const processes = await counter?.read();
    const acked = tally.acked.length;
    const { lost, twice } = checkRemote(remote.bare, notes, tally.acked);
    return {
      workload: workload.name,
      clones,
      groupCommit,
      acked,
      perSecond: acked / seconds,
      p50: median(tally.latencies),
      p99: percentile(tally.latencies, 0.99),
      stale: tally.stale,
      staleRate: tally.stale / (tally.stale + acked),
      busy: tally.busy,
      otherErrors: tally.otherErrors,
      otherMessages: [...tally.otherMessages],
      lost,
      twice,
      cpuPerWrite: { servers: sum(cpu.map((each) => each.own)) / acked, git: sum(cpu.map((each) => each.children)) / acked },
      ...(processes ? { gitPerWrite: perWrite(processes, acked) } : {}),
    };
  } finally {
    await Promise.all(sessions.map((session) => session.close()));
    await rm(remote.folder, { recursive: true, force: true });
  }
}

type ServerFor = (vault: string, extra: string[]) => ServerCommand;
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const cpuDifference = (after: ReturnType<typeof processCpu>, before: ReturnType<typeof processCpu>) => ({
  own: after.own - before.own,
  children: after.children - before.children,
});

/** Every acknowledged line on the remote exactly once: none lost, none twice. */
function checkRemote(bare: string, notes: readonly string[], acked: readonly string[]): { lost: number; twice: number } {
  const onRemote = new Map<string, number>();
  for (const note of notes) {
    for (const line of git(bare, ['show', `main:${note}`]).split('\n')) if (line.startsWith('line ')) onRemote.set(line, (onRemote.get(line) ?? 0) + 1);
  }
  return { lost: acked.filter((line) => !onRemote.has(line)).length, twice: [...onRemote.values()].filter((count) => count > 1).length };
}

/** The git processes a run started (kept ones ended by then are left out: they serve every write), per acknowledged write, by command. */
function perWrite(processes: readonly GitProcess[], acked: number): Record<string, { processes: number; cpuMs: number }> {
  const kinds: Record<string, { processes: number; cpuMs: number }> = {};
  for (const { kind, cpuMs } of processes) {
    const entry = kinds[kind] ?? { processes: 0, cpuMs: 0 };
    kinds[kind] = { processes: entry.processes + 1 / acked, cpuMs: entry.cpuMs + cpuMs / acked };
  }
  return kinds;
}

/** From a push on one server to a search on another finding the change (fetch interval 1 s): `runs` times. */
async function pushToSearch(server: ServerFor, runs: number): Promise<number[]> {
  const remote = await createRemote(hotNotes.notes(1));
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

/** The workloads (`VAULT_BENCH_REMOTE_WORKLOADS=team` for one): the team's first, the one the goal is read on. */
const workloads = [teamNotes, hotNotes].filter((workload) => (process.env.VAULT_BENCH_REMOTE_WORKLOADS ?? 'team,hot').includes(workload.name.split(' ')[0]!));

/**
 * The many-machines bench (SPEC 14): acknowledged writes per second at 1, 4 and 16 servers on their
 * own clones of one bare remote, group commit on and off, each server with calls in flight appending
 * to notes (STALE_FILE retried) in two workloads: a team's (mostly each server's own notes), on which
 * the goal is read, and the hot-notes stress (8 notes all share); p50 and p99 from call to
 * acknowledgement, lost updates, the STALE_FILE rate, CPU per write; and the time from a push on one
 * server to a search on another finding it.
 */
export async function remoteFigures(server: ServerFor, log: (message: string) => void) {
  const runs: RunFigures[] = [];
  for (const workload of workloads) {
    for (const clones of cloneCounts) {
      for (const groupCommit of [false, true]) {
        log(
          `remote, ${workload.name}: ${clones} servers, group commit ${groupCommit ? 'on' : 'off'}, ${callsPerServer} calls in flight each, ${writeSeconds} s`,
        );
        const run = await writeAtOnce(server, workload, clones, groupCommit);
        for (const message of run.otherMessages) log(`remote: an IO_ERROR other than busy: ${message}`);
        runs.push(run);
      }
    }
  }
  log('remote: push on one server to search on another, fetch interval 1 s, 10 runs');
  const searchTimes = await pushToSearch(server, 10);
  const rows = runs.map((run) =>
    rowOf(
      run,
      runs.find((peer) => peer.workload === run.workload && peer.clones === 1 && !peer.groupCommit),
    ),
  );
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

/** A run's row, against the same workload on 1 clone without group commit; the goal is read at 16 clones with it, on the team's notes. */
function rowOf(run: RunFigures, baseline: RunFigures | undefined): FigureRow {
  const safe = run.lost === 0 && run.twice === 0;
  const goal = run.clones === 16 && run.groupCommit && baseline;
  return {
    figure: `remote, ${run.workload}: ${run.clones} clone${run.clones > 1 ? 's' : ''}, group commit ${run.groupCommit ? 'on' : 'off'}`,
    ours: `${run.perSecond.toFixed(1)} acked writes/s (p50 ${ms(run.p50)}, p99 ${ms(run.p99)}, STALE ${(run.staleRate * 100).toFixed(0)}%, busy ${run.busy}, other IO_ERROR ${run.otherErrors}, lost ${run.lost}, twice ${run.twice}; CPU a write: servers ${ms(run.cpuPerWrite.servers)}, git ${ms(run.cpuPerWrite.git)})`,
    peer: baseline ? `1 clone, no group commit: ${baseline.perSecond.toFixed(1)}/s` : '',
    ratio: baseline ? ratio(run.perSecond, baseline.perSecond) : '',
    budget: goal
      ? verdict(run.perSecond >= 2 * baseline.perSecond && safe, `${run.workload === teamNotes.name ? 'the goal: ' : ''}at least 2x, none lost`)
      : verdict(safe, 'none lost, none twice'),
  };
}
