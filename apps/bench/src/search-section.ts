import { rm } from 'node:fs/promises';
import { type FigureRow, mb, ms, ratio, spread, verdict } from './figure-row.js';
import { createCorpusCopies } from './corpus-copies.js';
import { openSession, type ServerCommand } from './mcp-session.js';
import { compareFindings, firstResultsFigure, measuredQueries, residentMemory, searchFigures, searchQueries } from './search-versus-ripgrep.js';

/** The goals of SPEC 9, round 3: at most this ratio to ripgrep (median), a rare word at 5x at most 0.1x. */
const goalRatio = 0.5;
const rareGoalRatio = 0.1;
const rareQuery = searchQueries.find((query) => query.name === 'rare literal')!;
/** How long a copied file must go unchanged before a server keeps it (`racyMargin`, 2.5 s), and a little more. */
const settleTime = 2600;
/** What vault-mcp logs once its warm-up (the search fill, then FindNotes' notes) has ended. */
const warmUpEnd = /FindNotes: \d+ notes analysed|FindNotes notes not analysed/;

/**
 * TextSearch in a warm `vault-mcp` against ripgrep 15, on the corpus copied `copies` times in a temp
 * folder (removed after): the first search after start, the same files and counts as ripgrep, every
 * query in both modes, the first 50 results, the RSS, and the memory per note (the warm server's RSS less
 * that of one keeping no text, `--search-memory 0`, after the same first search, over the notes).
 * `serverArgs` are passed to both servers (`--no-watch`: the search as it was before the watch).
 */
export async function searchSection(
  ours: (vault: string, args?: string[]) => ServerCommand,
  corpus: string,
  copies: number,
  serverArgs: string[],
  log: (message: string) => void,
): Promise<{ rows: FigureRow[]; results: Record<string, unknown> }> {
  const { folder, notes } = await createCorpusCopies(corpus, copies);
  // A file changed within 2.5 s of being read is not kept yet (decision 0011): the copies settle first, so the fill keeps every note.
  await new Promise((resolve) => setTimeout(resolve, settleTime));
  // A budget no search reaches on a busy machine: the time is what is measured, not the TIMEOUT.
  serverArgs = [...serverArgs, '--search-timeout', '600000'];
  const size = `${copies}x`;
  const rows: FigureRow[] = [];
  try {
    log(`search ${size}: ${notes} notes in ${folder}, a warm server against ripgrep${serverArgs.length > 0 ? ` (${serverArgs.join(' ')})` : ''}`);
    const bare = await openSession(ours(folder, [...serverArgs, '--search-memory', '0']));
    await bare.call('TextSearch', { query: rareQuery.query, outputMode: 'files_only' });
    const bareMemory = await residentMemory(bare.pid);
    await bare.close();
    const started = performance.now();
    let serverLog = '';
    let warmedUp!: () => void;
    const warm = new Promise<void>((resolve) => (warmedUp = resolve));
    const session = await openSession(ours(folder, serverArgs), (text) => {
      serverLog += text;
      if (warmUpEnd.test(serverLog)) warmedUp();
    });
    try {
      await session.call('TextSearch', { query: rareQuery.query, outputMode: 'files_only' });
      const firstSearch = performance.now() - started;
      rows.push({
        figure: `search ${size}: first search after start`,
        ours: ms(firstSearch),
        peer: '',
        ratio: '',
        budget: verdict(firstSearch <= 2000, 'within 2 s'),
      });
      // The figures are a warm server's: its fill has ended, and FindNotes' analysis of the notes that follows it on the main thread.
      await Promise.race([warm, new Promise((resolve) => setTimeout(resolve, 600_000).unref())]);
      const checks = [];
      for (const query of measuredQueries) checks.push({ query: query.name, ...(await compareFindings(session, folder, query)) });
      const differences = checks.flatMap((check) => check.differences.map((difference) => `${check.query}: ${difference}`));
      rows.push({
        figure: `search ${size}: same files and counts`,
        ours: `${checks.length - checks.filter((check) => check.differences.length > 0).length}/${checks.length} queries`,
        peer: `ripgrep: ${checks.map((check) => check.files).join(', ')} files`,
        ratio: '',
        budget: differences.length === 0 ? 'identical' : `${differences.length} differences`,
      });
      const figures = await searchFigures(session, folder);
      for (const figure of figures) {
        const goal = copies > 1 && figure.query === rareQuery ? rareGoalRatio : goalRatio;
        rows.push({
          figure: `search ${size} ${figure.mode}: ${figure.query.name}`,
          ours: spread(figure.ours.runs),
          peer: `ripgrep: ${spread(figure.ripgrep.runs)}`,
          ratio: ratio(figure.ours.median, figure.ripgrep.median),
          budget: verdict(figure.ours.median / figure.ripgrep.median <= goal, `at most ${goal}x ripgrep (median)`),
        });
      }
      const first = await firstResultsFigure(session, folder, searchQueries[0]!);
      rows.push({
        figure: `search ${size}: first 50 results (function)`,
        ours: spread(first.ours.runs),
        peer: `ripgrep: ${spread(first.ripgrep.runs)}`,
        ratio: ratio(first.ours.median, first.ripgrep.median),
        budget: copies === 1 ? verdict(first.ours.median <= 30, 'within 30 ms (median)') : '',
      });
      // Every file has been searched by now, so the workers keep all they can.
      const memory = await residentMemory(session.pid);
      rows.push({
        figure: `search ${size}: warm server memory (RSS)`,
        ours: mb(memory),
        peer: `--search-memory 0: ${mb(bareMemory)}`,
        ratio: '',
        budget: 'stated (--search-memory bounds the postings and texts kept)',
      });
      const perNote = (memory - bareMemory) / notes;
      const kept = keptOf(serverLog);
      rows.push({
        figure: `search ${size}: memory per note`,
        ours: `${(perNote / 1024).toFixed(1)} KB`,
        peer: kept
          ? `kept: postings ${perNoteOf(kept.postings, notes)}, texts ${perNoteOf(kept.texts, kept.textFiles)} (${kept.textFiles} held), folded copies ${perNoteOf(kept.folded, kept.textFiles)}`
          : '',
        ratio: '',
        budget: `stated (${notes} notes)`,
      });
      return {
        rows,
        results: {
          folder: `${size} corpus`,
          notes,
          firstSearch,
          checks,
          figures,
          firstResults: first,
          residentMemoryBytes: memory,
          bareMemoryBytes: bareMemory,
          kept,
        },
      };
    } finally {
      await session.close();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** What the server logged it keeps once its fill ended: the postings' MiB, the texts held, their MiB, and their folded copies' MiB (an older server logs none). */
function keptOf(log: string): { files: number; postings: number; textFiles: number; texts: number; folded: number } | undefined {
  const said = /search memory: (\d+) files, \d+ MiB, read in \d+ ms \(postings (\d+) MiB, texts of (\d+) files (\d+) MiB(?:, folded copies (\d+) MiB)?\)/.exec(
    log,
  );
  return said
    ? { files: Number(said[1]), postings: Number(said[2]), textFiles: Number(said[3]), texts: Number(said[4]), folded: Number(said[5] ?? 0) }
    : undefined;
}

/** MiB over a count, in KB each. */
const perNoteOf = (mebibytes: number, count: number) => `${((mebibytes * 1024 * 1024) / Math.max(count, 1) / 1024).toFixed(1)} KB a note`;
