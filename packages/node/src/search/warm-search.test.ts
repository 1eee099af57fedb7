import { readFileSync, statSync } from 'node:fs';
import { rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { everything, notes, useWarmVault, warmUntilKept } from '../__fixtures__/warm-search-fixture.js';

const vault = useWarmVault();

describe('warm search: files changed behind its back are searched as they are now', () => {
  it('keeps the files, and answers from them as from disk', async () => {
    expect((await vault.fs.warmSearch()).files).toBe(notes.length);
    expect((await vault.searchBoth({ query: 'gamma', ...everything })).totalFiles).toBe(50);
    expect((await vault.searchBoth({ query: 'alpha', contextLines: 1 })).totalFiles).toBe(150);
  });

  it('sees a file rewritten in place with new text of the same size (an edit of an editor that writes in place)', async () => {
    const file = path.join(vault.folder.path, notes[1]!);
    const before = readFileSync(file, 'utf8');
    await writeFile(file, before.replace('nothing', 'gammas!'));
    expect(readFileSync(file).length).toBe(Buffer.byteLength(before));
    const found = await vault.searchBoth({ query: 'gamma', ...everything });
    expect(found.files.map((found) => found.path)).toContain(notes[1]);
  });

  it('sees a file renamed, deleted, and replaced through a rename (an atomic save)', async () => {
    const folder = vault.folder.path;
    await rename(path.join(folder, notes[0]!), path.join(folder, 'notes/renamed.md'));
    await rm(path.join(folder, notes[3]!));
    await writeFile(path.join(folder, 'notes/new.tmp'), 'gamma written elsewhere, then moved over the note\n');
    await rename(path.join(folder, 'notes/new.tmp'), path.join(folder, notes[6]!));
    const found = await vault.searchBoth({ query: 'gamma', ...everything });
    expect(found.files.map((found) => found.path)).toEqual(expect.arrayContaining(['notes/renamed.md', notes[6]]));
    expect(found.files.map((found) => found.path)).not.toContain(notes[0]);
    expect(found.files.map((found) => found.path)).not.toContain(notes[3]);
    expect((await vault.searchBoth({ query: 'moved over', ...everything })).totalFiles).toBe(1);
  });

  it('sees a file touched without a change, and one changed with the same size whose times are set back', async () => {
    const touched = path.join(vault.folder.path, notes[9]!);
    await utimes(touched, new Date(), new Date());
    // A time a file system keeps exactly (whole seconds), kept by the workers with the file.
    const changed = path.join(vault.folder.path, notes[12]!);
    await utimes(changed, 1_700_000_000, 1_700_000_000);
    await warmUntilKept(vault.fs, notes.length);
    const before = statSync(changed);
    await writeFile(changed, readFileSync(changed, 'utf8').replace('gamma here', 'delta here'));
    // As `touch -d` or an archive tool would: the old modification time back. Only the change time tells.
    await utimes(changed, 1_700_000_000, 1_700_000_000);
    expect([statSync(changed).size, statSync(changed).mtimeMs, statSync(changed).ino]).toEqual([before.size, before.mtimeMs, before.ino]);
    await vault.searchBoth({ query: 'gamma', ...everything });
    expect((await vault.searchBoth({ query: 'delta', ...everything })).files.map((found) => found.path)).toEqual([notes[12]]);
  });
});

describe('warm search: regexes whose only literals are the strings their classes take (`\\d\\.\\s`)', () => {
  it('passes over no file holding a match, whatever space, digit or case the match has', async () => {
    const lines = ['1. one', '  22.\tTwo', '3.\u00a0three', 'x 4.\u2028four', '5.\rfive', 'on 2026-11-27 at 09:45', 'v1.2.3', 'none here', '7 . no'];
    for (const [index, line] of lines.entries()) await writeFile(path.join(vault.folder.path, `notes/class-${index}.md`), `first\n${line}\nlast\n`);
    await warmUntilKept(vault.fs, notes.length + lines.length);
    const queries = ['^\\s*\\d+\\.\\s', '\\d\\.\\s', '\\d{4}-\\d{2}-\\d{2}', '\\d\\d:\\d\\d', '\\d+\\.\\d+', 'V\\d\\.\\d', '[0-9]\\.\\s+T'];
    for (const query of queries) {
      const found = await vault.searchBoth({ query, regex: true, caseSensitive: false, ...everything });
      const plain = new RegExp(query, 'iu');
      const expected = lines.flatMap((line, index) => (plain.test(line) ? [`notes/class-${index}.md`] : []));
      expect(expected.length, query).toBeGreaterThan(0);
      expect(
        found.files.map((file) => file.path).filter((found) => found.startsWith('notes/class-')),
        query,
      ).toEqual(expected);
    }
  });
});
