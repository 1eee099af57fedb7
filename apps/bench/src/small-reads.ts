import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type FigureRow, ms, ratio, spread, summary, verdict } from './figure-row.js';
import { generatedLine } from './large-files.js';
import { openSession, type McpSession, type ServerCommand } from './mcp-session.js';
import { median, percentile } from './statistics.js';

const calls = 1000;
/** Calls in a row to one server before the other gets its turn: both see the same moments of a noisy machine. */
const turn = 100;

/**
 * 1,000 sequential TextRead calls of a 40-line file over stdio, against server-filesystem's
 * read_text_file, in turns of 100; and 1,000 `vault.call('TextRead')` in a process of their own,
 * on the built packages (`root` is the repository).
 */
export async function smallReadFigures(
  root: string,
  ours: (folder: string) => ServerCommand,
  reference: (folder: string) => ServerCommand,
): Promise<{ rows: FigureRow[]; results: unknown }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'vault-bench-'));
  try {
    const file = path.join(folder, 'small.md');
    await writeFile(file, Array.from({ length: 40 }, (_, index) => `${generatedLine(index + 1)}\n`).join(''));
    const sessions = [await openSession(ours(folder)), await openSession(reference(folder))];
    const times: [number[], number[]] = [[], []];
    try {
      const read = [
        (session: McpSession) => session.call('TextRead', { filePath: 'small.md' }),
        (session: McpSession) => session.call('read_text_file', { path: file }),
      ];
      for (const [index, session] of sessions.entries()) for (let run = 0; run < 50; run += 1) await read[index]!(session);
      for (let done = 0; done < calls; done += turn) {
        for (const [index, session] of sessions.entries()) {
          for (let run = 0; run < turn; run += 1) {
            const started = performance.now();
            await read[index]!(session);
            times[index]!.push(performance.now() - started);
          }
        }
      }
    } finally {
      await Promise.all(sessions.map((session) => session.close()));
    }
    const [oursTimes, peerTimes] = times;
    const inProcess = await inProcessReads(root, folder);
    return {
      rows: [
        {
          figure: 'read small file x1000 over stdio: min / median / max',
          ours: spread(oursTimes),
          peer: `read_text_file: ${spread(peerTimes)}`,
          ratio: ratio(median(oursTimes), median(peerTimes)),
          budget: verdict(median(oursTimes) <= median(peerTimes), 'median no slower than read_text_file'),
        },
        {
          figure: 'read small file x1000 over stdio, p99',
          ours: ms(percentile(oursTimes, 0.99)),
          peer: `read_text_file: ${ms(percentile(peerTimes, 0.99))}`,
          ratio: ratio(percentile(oursTimes, 0.99), percentile(peerTimes, 0.99)),
          budget: '',
        },
        {
          figure: 'read small file x1000 in-process (vault.call): min / median / max',
          ours: spread(inProcess),
          peer: '',
          ratio: '',
          budget: verdict(median(inProcess) <= 0.1, 'median at most 0.1 ms'),
        },
      ],
      results: {
        ours: { ...summary(oursTimes), p99: percentile(oursTimes, 0.99) },
        reference: { ...summary(peerTimes), p99: percentile(peerTimes, 0.99) },
        inProcess: summary(inProcess),
      },
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The times of 1,000 `vault.call('TextRead')` of small.md in `folder`, after 200 to warm up, in a Node process of their own. */
async function inProcessReads(root: string, folder: string): Promise<number[]> {
  const module = (name: string) => JSON.stringify(new URL(`packages/${name}/dist/index.js`, `file://${root.endsWith('/') ? root : `${root}/`}`).href);
  const script = `
    const { createVault } = await import(${module('core')});
    const { createNodeFs } = await import(${module('node')});
    const vault = createVault(await createNodeFs(${JSON.stringify(folder)}, { searchWorkers: 0 }));
    const times = [];
    for (let run = 0; run < 200 + ${calls}; run += 1) {
      const started = performance.now();
      await vault.call('TextRead', { filePath: 'small.md' });
      if (run >= 200) times.push(performance.now() - started);
    }
    process.stdout.write(JSON.stringify(times));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
  return JSON.parse(stdout) as number[];
}
