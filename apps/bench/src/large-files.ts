import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FigureRow, mb, ms, ratio, spread, summary, verdict } from './figure-row.js';
import { type McpSession, measurePeakGrowth, openSession, type ServerCommand } from './mcp-session.js';
import { median, timeRuns } from './statistics.js';

/** The text of line `number` of a generated file. */
export const generatedLine = (number: number) => `${number}: The quick brown fox jumps over the lazy dog, and this is line ${number} of the file.`;

/** Writes a text file of about `bytes` bytes, numbered lines; resolves to its line count. */
export async function generateFile(path: string, bytes: number): Promise<number> {
  const stream = createWriteStream(path);
  let written = 0;
  let lines = 0;
  while (written < bytes) {
    let chunk = '';
    while (chunk.length < 1024 * 1024 && written + chunk.length < bytes) {
      lines += 1;
      chunk += `${generatedLine(lines)}\n`;
    }
    written += chunk.length;
    if (!stream.write(chunk)) await once(stream, 'drain');
  }
  stream.end();
  await once(stream, 'finish');
  return lines;
}

/** Lets a server finish starting (vault-mcp starts its search workers 100 ms in) before its memory is measured. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

/** Reads of the tail after the first, in the same session. */
const laterReads = 5;

/**
 * The large-file figures against server-filesystem: one line of a 50 MB file edited (time and peak
 * memory growth), and the last 500 lines of a 1 GB file read in a fresh server (time and growth),
 * then read again `laterReads` times (min / median / max).
 */
export async function largeFileFigures(
  ours: (folder: string) => ServerCommand,
  reference: (folder: string) => ServerCommand,
  log: (message: string) => void,
): Promise<{ rows: FigureRow[]; results: unknown }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'vault-bench-'));
  try {
    log('edit one line of a 50 MB file');
    const size = 50 * 1024 * 1024;
    const big = path.join(folder, 'big.md');
    const lines = await generateFile(big, size);
    const edit = async (server: ServerCommand, line: number, call: (session: McpSession, oldText: string, newText: string) => Promise<unknown>) => {
      const session = await openSession(server);
      try {
        await settle();
        return await measurePeakGrowth(session.pid, () => call(session, generatedLine(line), `${generatedLine(line)} (edited)`));
      } finally {
        await session.close();
      }
    };
    const oursEdit = await edit(ours(folder), Math.floor(lines / 2), (session, oldString, newString) =>
      session.call('TextEdit', { filePath: 'big.md', oldString, newString }),
    );
    const peerEdit = await edit(reference(folder), Math.floor(lines / 3), (session, oldText, newText) =>
      session.call('edit_file', { path: big, edits: [{ oldText, newText }] }),
    );
    await rm(big);

    log('read the last 500 lines of a 1 GB file');
    const huge = path.join(folder, 'huge.md');
    const hugeLines = await generateFile(huge, 1024 * 1024 * 1024);
    const tail = async (server: ServerCommand, read: (session: McpSession) => Promise<unknown>) => {
      const session = await openSession(server);
      try {
        await settle();
        const first = await measurePeakGrowth(session.pid, () => read(session));
        const later = await timeRuns(laterReads, () => read(session));
        return { ...first, later };
      } finally {
        await session.close();
      }
    };
    const oursTail = await tail(ours(folder), (session) => session.call('TextRead', { filePath: 'huge.md', offset: hugeLines - 499 }));
    const peerTail = await tail(reference(folder), (session) => session.call('read_text_file', { path: huge, tail: 500 }));
    return {
      rows: [
        {
          figure: 'edit a line of a 50 MB file',
          ours: ms(oursEdit.milliseconds),
          peer: `edit_file: ${ms(peerEdit.milliseconds)}`,
          ratio: ratio(oursEdit.milliseconds, peerEdit.milliseconds),
          budget: verdict(oursEdit.milliseconds < 600, 'under 0.6 s'),
        },
        {
          figure: 'edit 50 MB: peak memory growth',
          ours: `${mb(oursEdit.growthBytes)} (${ratio(oursEdit.growthBytes, size)} the file)`,
          peer: `edit_file: ${mb(peerEdit.growthBytes)}`,
          ratio: ratio(oursEdit.growthBytes, peerEdit.growthBytes),
          budget: verdict(oursEdit.growthBytes <= 3 * size, 'at most 3x the file (150 MB)'),
        },
        {
          figure: 'read last 500 lines of 1 GB, fresh server',
          ours: ms(oursTail.milliseconds),
          peer: `read_text_file tail: ${ms(peerTail.milliseconds)}`,
          ratio: ratio(oursTail.milliseconds, peerTail.milliseconds),
          budget: verdict(oursTail.milliseconds < 500, 'under 0.5 s'),
        },
        {
          figure: `read last 500 lines of 1 GB, ${laterReads} more: min / median / max`,
          ours: spread(oursTail.later),
          peer: `read_text_file tail: ${spread(peerTail.later)}`,
          ratio: ratio(median(oursTail.later), median(peerTail.later)),
          budget: '',
        },
        {
          figure: 'read 1 GB tail: peak memory growth',
          ours: mb(oursTail.growthBytes),
          peer: `read_text_file tail: ${mb(peerTail.growthBytes)}`,
          ratio: ratio(oursTail.growthBytes, peerTail.growthBytes),
          budget: verdict(oursTail.growthBytes < 64 * 1024 * 1024, 'under 64 MB'),
        },
      ],
      results: {
        edit50MB: { ours: oursEdit, reference: peerEdit, fileBytes: size },
        readTail1GB: { ours: { ...oursTail, later: summary(oursTail.later) }, reference: { ...peerTail, later: summary(peerTail.later) } },
      },
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
