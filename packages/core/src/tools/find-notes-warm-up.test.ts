import { describe, expect, it } from 'vitest';
import { createMemoryFs, createVault, type VaultFs } from '../index.js';
import { warmFindNotes } from './find-notes.js';

/** 400 notes, eight of them about kubernetes: more than one stretch of the warm-up. */
const seed = Object.fromEntries(
  Array.from({ length: 400 }, (_, at) => [
    `notes/n${String(at).padStart(3, '0')}.md`,
    at % 50 === 7 ? `# Kubernetes ${at}\nThe cluster.\n` : `# Note ${at}\nplain text\n`,
  ]),
);

/**
 * An in-memory backend (its reads never wait for I/O, like texts a server holds in memory) that counts
 * the files read, and holds the reads of `held` until the test lets them go.
 */
function countingVault() {
  const inner = createMemoryFs(seed);
  const counts = { reads: 0 };
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = 'notes/n007.md';
  const fs: VaultFs = {
    ...inner,
    readFile: async (path) => {
      counts.reads += 1;
      if (path === held) await gate;
      return inner.readFile(path);
    },
  };
  return { vault: createVault(fs), counts, release, held };
}

/** Resolves after the event loop has read its input: what a request arriving on stdin waits for. */
const nextLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the FindNotes warm-up gives calls the way', () => {
  it('lets the event loop run while it reads notes that never wait for I/O', async () => {
    const { vault, counts, release } = countingVault();
    release();
    const warming = warmFindNotes(vault);
    await nextLoopTurn();
    // A request read on this turn is answered now, with most of the vault not yet read by the warm-up.
    const readByWarmUp = counts.reads;
    expect(readByWarmUp).toBeLessThan(Object.keys(seed).length);
    const answer = await vault.call('TextSearch', { query: 'Kubernetes' });
    expect(answer.totalMatches).toBe(8);
    expect(await warming).toBe(400);
  });

  it('reads no more notes while a call runs, and ends once it has answered', async () => {
    const { vault, counts, release, held } = countingVault();
    const warming = warmFindNotes(vault);
    await nextLoopTurn();
    // A call held on its read of one file: the warm-up finishes the notes it began, and starts no more.
    const reading = vault.call('TextRead', { filePath: held });
    for (let turn = 0; turn < 5; turn += 1) await nextLoopTurn();
    const readsWhileHeld = counts.reads;
    for (let turn = 0; turn < 50; turn += 1) await nextLoopTurn();
    expect(counts.reads).toBe(readsWhileHeld);
    expect(counts.reads).toBeLessThan(Object.keys(seed).length);
    release();
    expect(JSON.stringify((await reading).lines)).toContain('Kubernetes 7');
    expect(await warming).toBe(400);
    const found = await vault.call('FindNotes', { query: 'kubernetes cluster' });
    expect(found.totalNotes).toBe(8);
    expect(found.unreadNotes).toBe(0);
  });
});
