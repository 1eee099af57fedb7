import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { linkedNotePath, writeLinkedVault } from './linked-vault.js';
import { type McpSession, openSession, type ServerCommand } from './mcp-session.js';
import { median } from './statistics.js';
import { createWorkCopy } from './work-copy.js';

/** One figure of the links section: a Move with link updates, and the same Move without (the peer). */
export interface MoveFigure {
  figure: string;
  linksMilliseconds: number;
  plainMilliseconds: number;
  rewritten: number;
  notes: number;
}

/** A move there and back, `runs` times each way, timed; the median of every call. */
async function timeMoves(session: McpSession, from: string, to: string, runs: number, updateLinks: boolean) {
  const times: number[] = [];
  let rewritten = 0;
  let notes = 0;
  for (let run = 0; run < runs; run += 1) {
    for (const [sourcePath, destinationPath] of [
      [from, to],
      [to, from],
    ]) {
      const started = performance.now();
      const result = await session.call('Move', { sourcePath, destinationPath, updateLinks });
      times.push(performance.now() - started);
      const links = result.structuredContent as { rewrittenTotal?: number; notesChanged?: number };
      rewritten = Math.max(rewritten, links.rewrittenTotal ?? 0);
      notes = Math.max(notes, links.notesChanged ?? 0);
    }
  }
  return { milliseconds: median(times), rewritten, notes };
}

async function figure(session: McpSession, name: string, from: string, to: string, runs: number): Promise<MoveFigure> {
  const plain = await timeMoves(session, from, to, runs, false);
  const links = await timeMoves(session, from, to, runs, true);
  return { figure: name, linksMilliseconds: links.milliseconds, plainMilliseconds: plain.milliseconds, rewritten: links.rewritten, notes: links.notes };
}

/**
 * The links bench: a warm server moves a note and a folder there and back, with link updates and
 * without (the peer: the bare rename), on a generated vault of `notes` interlinked notes and, when
 * it is there, on a writable copy of the corpus. Goal: each link-aware Move answers within 1 s.
 */
export async function benchMoveLinks(
  server: (vault: string) => ServerCommand,
  corpus: string,
  notes: number,
  log: (message: string) => void,
): Promise<MoveFigure[]> {
  const figures: MoveFigure[] = [];
  const generated = await mkdtemp(path.join(tmpdir(), 'vault-bench-links-'));
  try {
    log(`links: writing ${notes} interlinked notes`);
    await writeLinkedVault(generated, notes);
    const session = await openSession(server(generated));
    try {
      // Warm: the search workers started, the folders seen once.
      await session.call('TextSearch', { query: 'note-', outputMode: 'files_only', maxResults: 1 });
      log('links: Move on the generated vault, with and without link updates');
      figures.push(await figure(session, `a note, ${notes} notes`, linkedNotePath(4242), 'moved/renamed-note.md', 5));
      figures.push(await figure(session, `a folder of 100 notes, ${notes} notes`, path.posix.dirname(linkedNotePath(4242)), 'archive/topic', 3));
    } finally {
      await session.close();
    }
  } finally {
    await rm(generated, { recursive: true, force: true });
  }
  if (!existsSync(corpus)) {
    log(`links: corpus skipped, none at ${corpus}`);
    return figures;
  }
  log('links: Move on a copy of the corpus');
  const copy = await createWorkCopy(corpus, ['docs']);
  try {
    const session = await openSession(server(copy));
    try {
      await session.call('TextSearch', { query: 'class', outputMode: 'files_only', maxResults: 1 });
      figures.push(
        await figure(session, 'corpus: cobject-class.md (~500 links in)', 'docs/mfc/reference/cobject-class.md', 'docs/mfc/reference/core/cobject-class.md', 3),
      );
      figures.push(await figure(session, 'corpus: the folder docs/build-insights', 'docs/build-insights', 'docs/build/insights', 3));
    } finally {
      await session.close();
    }
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
  return figures;
}
