import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryFs, createVault, type VaultFs, type VaultOptions } from '../index.js';
import { findNotes } from './find-notes.js';

/** 300 notes (enough for the index to merge them into its postings), three of them about kubernetes. */
const seed = {
  '.trash/kept.md': 'the trash folder\n',
  ...Object.fromEntries(
    Array.from({ length: 300 }, (_, at) => [
      `notes/n${String(at).padStart(3, '0')}.md`,
      at % 100 === 7 ? `# Kubernetes ${at}\nThe cluster.\n` : `# Note ${at}\nplain text\n`,
    ]),
  ),
};
const encoded = (text: string) => new TextEncoder().encode(text);

/** A watched in-memory backend: its change log is what the test says changed; it counts the versions asked. */
function watched(options: VaultOptions = {}) {
  const inner = createMemoryFs(seed);
  const log: string[] = [];
  const asked = { versions: 0, reads: 0 };
  const fs: VaultFs = {
    ...inner,
    readFile: (path) => {
      asked.reads += 1;
      return inner.readFile(path);
    },
    version: (path) => {
      asked.versions += 1;
      return inner.version!(path);
    },
    sync: async () => true,
    changesSince: (from) => (from === 0 ? { cursor: log.length + 1, everything: true } : { cursor: log.length + 1, paths: log.slice(from - 1) }),
  };
  const vault = createVault(fs, options);
  const paths = async (query: string) => (await vault.call('FindNotes', { query })).notes.map((note) => note.path);
  const change = async (path: string, text: string | undefined) => {
    // Removed: moved out of sight (a backend has no delete; RemoveFile moves to the trash too).
    if (text === undefined) await inner.rename(path, `.trash/${path.replaceAll('/', '-')}`);
    else await inner.writeFile(path, encoded(text));
    log.push(path);
  };
  return { inner, log, asked, vault, paths, change };
}

describe('FindNotes on a watched backend', () => {
  it('asks no version of the notes the change log does not name, and ranks rewritten, created, moved and removed notes as they are now', async () => {
    const { inner, log, asked, paths, change } = watched();
    expect(await paths('kubernetes')).toEqual(['notes/n007.md', 'notes/n107.md', 'notes/n207.md']);
    asked.versions = 0;
    expect(await paths('cluster')).toEqual(['notes/n007.md', 'notes/n107.md', 'notes/n207.md']);
    expect(asked.versions).toBe(0);
    await change('notes/n107.md', '# Plain\nno longer\n');
    await change('notes/n008.md', 'kubernetes kubernetes kubernetes\n');
    await change('notes/n207.md', undefined);
    await change('new.md', '# Kubernetes\n');
    await inner.makeDirectory('moved');
    await inner.rename('notes/n007.md', 'moved/kubernetes.md');
    log.push('notes/n007.md', 'moved/kubernetes.md');
    expect(await paths('kubernetes')).toEqual(['moved/kubernetes.md', 'new.md', 'notes/n008.md']);
    // The rewritten, created and moved ones: their versions, and no other.
    expect(asked.versions).toBe(4);
  });

  it('shows notes from the bytes they were analysed from, with no read, as they are now once the change log names them', async () => {
    const { asked, vault, change } = watched();
    const lines = async (query: string) =>
      (await vault.call('FindNotes', { query })).notes.map((note) => `${note.path}: ${note.lines.map((line) => `${line.line}: ${line.text}`).join(' | ')}`);
    // Other notes shown first: the ones below were never shown (no text of theirs in the shown cache).
    expect(await lines('plain')).toHaveLength(10);
    asked.reads = 0;
    expect(await lines('cluster')).toEqual(['notes/n007.md: 2: The cluster.', 'notes/n107.md: 2: The cluster.', 'notes/n207.md: 2: The cluster.']);
    expect(asked.reads).toBe(0);
    // Same length, other words: the bytes kept are the old note's, forgotten with it.
    await change('notes/n107.md', '# Kubernetes 107\nThe clusters\n');
    expect(await lines('cluster')).toEqual(['notes/n007.md: 2: The cluster.', 'notes/n207.md: 2: The cluster.', 'notes/n107.md: 2: The clusters']);
    expect(asked.reads).toBe(1);
  });

  it('keeps what fits its memory bound, and reads the rest at each call, as exact', async () => {
    const bounded = watched({ findNotesMemory: 2000 });
    const none = watched({ findNotesMemory: 0 });
    for (const { paths, change } of [bounded, none]) {
      expect(await paths('kubernetes')).toEqual(['notes/n007.md', 'notes/n107.md', 'notes/n207.md']);
      await change('notes/n299.md', 'kubernetes\n');
      expect(await paths('kubernetes')).toEqual(['notes/n007.md', 'notes/n107.md', 'notes/n207.md', 'notes/n299.md']);
    }
    bounded.asked.versions = 0;
    none.asked.versions = 0;
    await bounded.paths('plain');
    await none.paths('plain');
    // With no room, every note is read again; with a little, those kept are not.
    expect(none.asked.versions).toBe(300);
    expect(bounded.asked.versions).toBeGreaterThan(0);
    expect(bounded.asked.versions).toBeLessThan(300);
    // The bytes of a note are kept only where the notes leave room: with little, the notes shown are read.
    bounded.asked.reads = 0;
    expect(await bounded.paths('kubernetes')).toEqual(['notes/n007.md', 'notes/n107.md', 'notes/n207.md', 'notes/n299.md']);
    expect(bounded.asked.reads).toBeGreaterThanOrEqual(4);
  });

  it('ranks a note that another call found changed while this one was reading (its postings dropped meanwhile)', async () => {
    const inner = createMemoryFs(seed);
    const log: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reading: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => (reading = resolve));
    let forgotten: () => void = () => undefined;
    const forgot = new Promise<void>((resolve) => (forgotten = resolve));
    const fs: VaultFs = {
      ...inner,
      // The first call stops on new.md until the second has taken in the change log.
      readFile: async (path) => {
        if (path !== 'new.md') return inner.readFile(path);
        reading();
        await gate;
        return inner.readFile(path);
      },
      sync: async () => true,
      changesSince: (from) => {
        if (log.includes('notes/n007.md')) queueMicrotask(forgotten);
        return from === 0 ? { cursor: log.length + 1, everything: true } : { cursor: log.length + 1, paths: log.slice(from - 1) };
      },
    };
    const vault = createVault(fs);
    const paths = async (query: string) => (await vault.call('FindNotes', { query })).notes.map((note) => note.path);
    expect(await paths('cluster')).toEqual(['notes/n007.md', 'notes/n107.md', 'notes/n207.md']);
    await inner.writeFile('new.md', encoded('# New\nplain\n'));
    log.push('new.md');
    const first = paths('cluster');
    await blocked;
    await inner.writeFile('notes/n007.md', encoded('# Kubernetes 7\nThe Cluster.\n'));
    log.push('notes/n007.md');
    const second = paths('cluster');
    await forgot;
    release();
    expect(await first).toEqual(['notes/n007.md', 'notes/n107.md', 'notes/n207.md']);
    expect(await second).toEqual(['notes/n007.md', 'notes/n107.md', 'notes/n207.md']);
  });
});

describe('FindNotes when its time budget runs low', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers from the notes it read, says the answer is partial and how many notes it left unread, and is complete once they are read', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const inner = createMemoryFs(seed);
    // Each read takes 10 ms of the (fake) clock: the budget of 1 s runs low long before 300 are read.
    const slow: VaultFs = {
      ...inner,
      readFile: async (path) => {
        vi.setSystemTime(Date.now() + 10);
        return inner.readFile(path);
      },
    };
    const vault = createVault(slow, { searchTimeout: 1000 });
    const partial = await vault.call('FindNotes', { query: 'kubernetes' });
    expect(partial.unreadNotes).toBeGreaterThan(0);
    expect(partial.searchedNotes + partial.unreadNotes).toBe(300);
    expect(findNotes.render(partial)).toContain(
      `PARTIAL: ${partial.unreadNotes} notes not read within the time budget: either the index is still being built (ask again in a few seconds), or the notes are past FindNotes' memory bound and the rest are read at each call (raise \`findNotesMemory\`, a server's \`--find-notes-memory\`); or narrow it with \`directoryPath\` or \`filePattern\``,
    );
    // The notes read are kept: asked again and again, the answer completes.
    let output = partial;
    while (output.unreadNotes > 0) output = await vault.call('FindNotes', { query: 'kubernetes' });
    expect(output.notes.map((note) => note.path)).toEqual(['notes/n007.md', 'notes/n107.md', 'notes/n207.md']);
    expect(findNotes.render(output)).not.toContain('PARTIAL');
  });
});
