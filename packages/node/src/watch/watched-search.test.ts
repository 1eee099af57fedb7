import { readFileSync, statSync } from 'node:fs';
import { appendFile, link, mkdir, rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { everything, notes, useWarmVault } from '../__fixtures__/warm-search-fixture.js';

const vault = useWarmVault({ watch: true });
const pathsOf = (found: { files: { path: string }[] }) => found.files.map((file) => file.path);

describe('a watched search: files changed behind its back are searched as they are now', () => {
  it('sees a rewrite in place of the same size, its times set back (only the event tells)', async () => {
    const file = path.join(vault.folder.path, notes[12]!);
    await utimes(file, 1_700_000_000, 1_700_000_000);
    await vault.searchBoth({ query: 'gamma', ...everything });
    const before = statSync(file);
    await writeFile(file, readFileSync(file, 'utf8').replace('gamma here', 'delta here'));
    await utimes(file, 1_700_000_000, 1_700_000_000);
    expect([statSync(file).size, statSync(file).mtimeMs]).toEqual([before.size, before.mtimeMs]);
    expect(pathsOf(await vault.searchBoth({ query: 'delta', ...everything }))).toEqual([notes[12]]);
    expect(vault.notices).toEqual([]);
  });

  it('sees a file renamed, deleted, and replaced through a rename (an atomic save)', async () => {
    const folder = vault.folder.path;
    await rename(path.join(folder, notes[0]!), path.join(folder, 'notes/renamed.md'));
    await rm(path.join(folder, notes[3]!));
    await writeFile(path.join(folder, 'notes/new.tmp'), 'gamma written elsewhere, then moved over the note\n');
    await rename(path.join(folder, 'notes/new.tmp'), path.join(folder, notes[6]!));
    const found = pathsOf(await vault.searchBoth({ query: 'gamma', ...everything }));
    expect(found).toEqual(expect.arrayContaining(['notes/renamed.md', notes[6]]));
    expect(found).not.toContain(notes[0]);
    expect(found).not.toContain(notes[3]);
    expect(pathsOf(await vault.searchBoth({ query: 'moved over', ...everything }))).toEqual([notes[6]]);
  });

  it('sees a folder renamed, and one replaced by another of the same name (the same file names, other texts)', async () => {
    const folder = vault.folder.path;
    await rename(path.join(folder, 'notes/1'), path.join(folder, 'notes/one'));
    await rename(path.join(folder, 'notes/2'), path.join(folder, 'old-2'));
    await mkdir(path.join(folder, 'notes/2'));
    for (const note of notes.filter((note) => note.startsWith('notes/2/'))) await writeFile(path.join(folder, note), 'epsilon, the folder replaced\n');
    await writeFile(path.join(folder, 'notes/one/added.md'), 'gamma in the renamed folder\n');
    const found = pathsOf(await vault.searchBoth({ query: 'gamma', ...everything }));
    expect(found.filter((file) => file.startsWith('notes/1/'))).toEqual([]);
    expect(found).toContain('notes/one/added.md');
    expect((await vault.searchBoth({ query: 'epsilon', ...everything })).totalFiles).toBe(30);
    expect((await vault.searchBoth({ query: 'gamma', directoryPath: 'old-2', ...everything })).totalFiles).toBe(10);
  });

  it('sees a folder made with notes in it before any search looked (moved in whole)', async () => {
    const outside = path.join(vault.folder.path, '..', `${path.basename(vault.folder.path)}-outside`);
    await mkdir(path.join(outside, 'deep/er'), { recursive: true });
    await writeFile(path.join(outside, 'deep/er/zeta.md'), 'zeta\n');
    await rename(outside, path.join(vault.folder.path, 'moved-in'));
    expect(pathsOf(await vault.searchBoth({ query: 'zeta', ...everything }))).toEqual(['moved-in/deep/er/zeta.md']);
    await writeFile(path.join(vault.folder.path, 'moved-in/deep/er/zeta.md'), 'iota\n');
    expect(pathsOf(await vault.searchBoth({ query: 'iota', ...everything }))).toEqual(['moved-in/deep/er/zeta.md']);
  });

  it('sees a file grown past the size limit, and one turned binary', async () => {
    await writeFile(path.join(vault.folder.path, notes[0]!), `gamma ${'x'.repeat(5000)}\n`);
    await writeFile(path.join(vault.folder.path, notes[3]!), Buffer.from([0x67, 0x61, 0x6d, 0x6d, 0x61, 0xff, 0xfe, 0x00]));
    const found = await vault.searchBoth({ query: 'gamma', ...everything });
    expect(found.skipped).toEqual([{ path: notes[3], reason: 'NOT_TEXT' }]);
    expect(pathsOf(found)).toContain(notes[0]);
  });

  it('sees a write through a hard link made in the vault under the other name too, and one through a name outside', async () => {
    const folder = vault.folder.path;
    await link(path.join(folder, notes[12]!), path.join(folder, 'notes/hard.md'));
    expect(pathsOf(await vault.searchBoth({ query: 'gamma', ...everything }))).toContain('notes/hard.md');
    await appendFile(path.join(folder, 'notes/hard.md'), 'omega through the other name\n');
    expect(pathsOf(await vault.searchBoth({ query: 'omega', ...everything }))).toEqual([notes[12], 'notes/hard.md']);
    // A file with a name outside the vault, linked in: a write through the outside name sends no event at all.
    const outside = path.join(folder, '..', `${path.basename(folder)}-outside.md`);
    await writeFile(outside, 'kappa\n');
    await link(outside, path.join(folder, 'notes/linked-in.md'));
    expect(pathsOf(await vault.searchBoth({ query: 'kappa', ...everything }))).toEqual(['notes/linked-in.md']);
    await appendFile(outside, 'lambda\n');
    expect(pathsOf(await vault.searchBoth({ query: 'lambda', ...everything }))).toEqual(['notes/linked-in.md']);
    await rm(outside);
  });

  it('sees a write through a hard link moved in with a folder, under the name kept before', async () => {
    const outside = path.join(vault.folder.path, '..', `${path.basename(vault.folder.path)}-moved`);
    await mkdir(outside);
    await link(path.join(vault.folder.path, notes[3]!), path.join(outside, 'twin.md'));
    await rename(outside, path.join(vault.folder.path, 'moved-in'));
    expect(pathsOf(await vault.searchBoth({ query: 'gamma', ...everything }))).toContain('moved-in/twin.md');
    await appendFile(path.join(vault.folder.path, 'moved-in/twin.md'), 'omega through the twin\n');
    expect(pathsOf(await vault.searchBoth({ query: 'omega', ...everything }))).toEqual(['moved-in/twin.md', notes[3]]);
  });
});
