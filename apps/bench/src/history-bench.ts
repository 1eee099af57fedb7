import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FigureRow, ms, ratio, verdict } from './figure-row.js';
import { type McpSession, openSession, type ServerCommand } from './mcp-session.js';
import { median } from './statistics.js';

const gitEnv = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
const git = (cwd: string, args: string[], input?: string) => execFileSync('git', args, { cwd, input, env: gitEnv, encoding: 'utf8', maxBuffer: 1 << 28 });

/** A repository of `notes` small notes in one first commit, then `commits` commits each changing one note (`git fast-import`, quick). */
async function createRepository(notes: number, commits: number): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'vault-bench-history-'));
  git(folder, ['init', '-q', '-b', 'main']);
  const stream: string[] = [];
  const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  for (let commit = 0; commit <= commits; commit += 1) {
    const when = 1_700_000_000 + commit;
    stream.push(`commit refs/heads/main\ncommitter Bench <bench@example.com> ${when} +0000\n${data(commit === 0 ? 'first' : `edit ${commit}`)}`);
    if (commit === 0) for (let note = 0; note < notes; note += 1) stream.push(`M 100644 inline note-${note}.md\n${data(`# Note ${note}\n\nversion 0\n`)}`);
    else stream.push(`M 100644 inline note-${commit % notes}.md\n${data(`# Note ${commit % notes}\n\nversion ${commit}\n`)}`);
  }
  git(folder, ['fast-import', '--quiet'], stream.join(''));
  git(folder, ['reset', '-q', '--hard', 'main']);
  return folder;
}

/** Times `work`, `runs` times: each run's milliseconds. */
async function timed(runs: number, work: (run: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await work(run);
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * A pause after each call, as an agent's turn (seconds, for a model) leaves one: what a call does after
 * its answer (with history, the person's index update) then runs in it, not in the next call timed, of either server.
 */
const pause = () => new Promise((resolve) => setTimeout(resolve, 25));

/** One TextEdit of note-1.md, from what it holds to the other word. */
const edit = (session: McpSession, run: number) =>
  session.call('TextEdit', { filePath: 'note-1.md', oldString: run % 2 === 0 ? 'version' : 'draft', newString: run % 2 === 0 ? 'draft' : 'version' });

/**
 * The history bench (SPEC 13): a TextEdit with history (`--git`) against the same TextEdit without,
 * alternating, in two servers on two like repositories; Undo of the last change against a TextEdit
 * in the same server; and History of one note in a repository of 10,000 commits.
 */
export async function historyFigures(server: (vault: string, extra: string[]) => ServerCommand, log: (message: string) => void) {
  const folders: string[] = [];
  const sessions: McpSession[] = [];
  try {
    log('history: writes with and without --git, 100 notes, 60 edits each, alternating, a pause after each');
    const [withHistory, without] = [await createRepository(100, 0), await createRepository(100, 0)];
    folders.push(withHistory, without);
    const gitSession = await openSession(server(withHistory, ['--git']));
    const plainSession = await openSession(server(without, []));
    sessions.push(gitSession, plainSession);
    const gitTimes: number[] = [];
    const plainTimes: number[] = [];
    for (let run = 0; run < 60; run += 1) {
      gitTimes.push(...(await timed(1, () => edit(gitSession, run))));
      await pause();
      plainTimes.push(...(await timed(1, () => edit(plainSession, run))));
      await pause();
    }
    log('history: back to back, 30 edits each, each sent as soon as the last is answered');
    const gitBurst = await timed(30, (run) => edit(gitSession, run));
    const plainBurst = await timed(30, (run) => edit(plainSession, run));

    log('history: Undo of the last change against a TextEdit, 30 each');
    const undoTimes: number[] = [];
    const editTimes: number[] = [];
    for (let run = 0; run < 30; run += 1) {
      editTimes.push(...(await timed(1, () => edit(gitSession, 0))));
      const listed = await gitSession.call('History', { filePath: 'note-1.md', maxResults: 1 });
      const [last] = (listed.structuredContent as { changes: { id: string }[] }).changes;
      undoTimes.push(...(await timed(1, () => gitSession.call('Undo', { change: last!.id }))));
    }

    log('history: a repository of 10,000 commits (fast-import), History of one note and of the vault, 20 each');
    const large = await createRepository(100, 10_000);
    folders.push(large);
    const largeSession = await openSession(server(large, ['--git']));
    sessions.push(largeSession);
    const fileTimes = await timed(20, () => largeSession.call('History', { filePath: 'note-7.md', maxResults: 20 }));
    const vaultTimes = await timed(20, () => largeSession.call('History', { maxResults: 20 }));
    const readTimes = await timed(20, () => largeSession.call('TextRead', { filePath: 'note-7.md' }));

    const [write, plain, burst, plainBurstMedian, undo, textEdit, fileLog, vaultLog, read] = [
      gitTimes,
      plainTimes,
      gitBurst,
      plainBurst,
      undoTimes,
      editTimes,
      fileTimes,
      vaultTimes,
      readTimes,
    ].map(median) as number[];
    const rows: FigureRow[] = [
      {
        figure: 'TextEdit with history (--git), median of 60',
        ours: ms(write!),
        peer: `without: ${ms(plain!)}`,
        ratio: ratio(write!, plain!),
        budget: verdict(write! <= 2 * plain!, 'at most 2x'),
      },
      {
        figure: 'TextEdit with history, back to back, median of 30',
        ours: ms(burst!),
        peer: `without: ${ms(plainBurstMedian!)}`,
        ratio: ratio(burst!, plainBurstMedian!),
        budget: '',
      },
      {
        figure: 'Undo of the last change, median of 30',
        ours: ms(undo!),
        peer: `TextEdit (--git): ${ms(textEdit!)}`,
        ratio: ratio(undo!, textEdit!),
        budget: verdict(undo! <= 2 * textEdit!, 'at most 2x'),
      },
      {
        figure: 'History of a note, 10,000 commits, median of 20',
        ours: ms(fileLog!),
        peer: `TextRead: ${ms(read!)}`,
        ratio: ratio(fileLog!, read!),
        budget: verdict(fileLog! <= 100, 'within 100 ms'),
      },
      {
        figure: 'History of the vault, 10,000 commits, median of 20',
        ours: ms(vaultLog!),
        peer: `TextRead: ${ms(read!)}`,
        ratio: ratio(vaultLog!, read!),
        budget: '',
      },
    ];
    return {
      rows,
      results: {
        write: gitTimes,
        plain: plainTimes,
        writeBackToBack: gitBurst,
        plainBackToBack: plainBurst,
        undo: undoTimes,
        textEdit: editTimes,
        fileLog: fileTimes,
        vaultLog: vaultTimes,
        read: readTimes,
      },
    };
  } finally {
    for (const session of sessions) await session.close();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  }
}
