import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { everything, notes, untilNoticed, untilWatched, useWarmVault } from '../__fixtures__/warm-search-fixture.js';

/** Rewrites a note in place with text of the same size (its first five characters), and expects both searches to see it. */
async function expectSeen(vault: ReturnType<typeof useWarmVault>, index: number) {
  const file = path.join(vault.folder.path, notes[index]!);
  const text = readFileSync(file, 'utf8');
  await writeFile(file, `kappa${text.slice(5)}`);
  expect((await vault.searchBoth({ query: 'kappa', ...everything })).files.map((file) => file.path)).toContain(notes[index]);
}

describe('the watch falls back to checking every file where it cannot be trusted, and says so once', () => {
  describe('the watch limit reached', () => {
    const vault = useWarmVault({ watch: true, watchTuning: { watchLimit: 3 } });
    it('watches nothing, and searches stay exact', async () => {
      await untilNoticed(vault.notices);
      expect(vault.notices).toEqual([
        'The vault is not watched (a folder could not be watched (ENOSPC: the limit fs.inotify.max_user_watches is reached)); every search checks every file.',
      ]);
      expect(await vault.fs.sync!()).toBe(false);
      await expectSeen(vault, 1);
      await expectSeen(vault, 2);
      expect(vault.notices).toHaveLength(1);
    });
  });

  describe('a file system whose changes made elsewhere send no events', () => {
    const vault = useWarmVault({
      watch: true,
      watchTuning: { unwatchable: () => 'the vault is on a NFS file system, whose changes made elsewhere send no events' },
    });
    it('is not watched, and searches stay exact', async () => {
      await untilNoticed(vault.notices);
      expect(vault.notices).toEqual([
        'The vault is not watched (the vault is on a NFS file system, whose changes made elsewhere send no events); every search checks every file.',
      ]);
      await expectSeen(vault, 4);
      expect(vault.fs.changesSince!(1)).toMatchObject({ everything: true });
    });
  });

  describe('a network file system mounted in a folder of the vault (the root itself local)', () => {
    const vault = useWarmVault({
      watch: true,
      watchTuning: { remoteMount: (folder) => (folder.endsWith(`${path.sep}notes${path.sep}3`) ? 'NFS' : undefined) },
    });
    it('is not watched, and searches stay exact, also in that folder', async () => {
      await untilNoticed(vault.notices);
      expect(vault.notices).toEqual([
        'The vault is not watched (notes/3 is a NFS file system mounted in the vault, whose changes made elsewhere send no events); every search checks every file.',
      ]);
      expect(await vault.fs.sync!()).toBe(false);
      await expectSeen(vault, 3);
      await expectSeen(vault, 8);
    });
  });

  describe('the vault folder moved away and another put at its path', () => {
    const vault = useWarmVault({ watch: true });
    it('is not watched any more, says so once, and searches stay exact on the new folder', async () => {
      const moved = `${vault.folder.path}.moved`;
      renameSync(vault.folder.path, moved);
      try {
        mkdirSync(path.join(vault.folder.path, 'notes'), { recursive: true });
        writeFileSync(path.join(vault.folder.path, 'notes', 'new.md'), 'kappa\n');
        expect((await vault.searchBoth({ query: 'kappa', ...everything })).files.map((file) => file.path)).toEqual(['notes/new.md']);
        expect(vault.notices).toEqual(['The vault is not watched (the vault folder was moved or replaced); every search checks every file.']);
        expect(await vault.fs.sync!()).toBe(false);
      } finally {
        rmSync(moved, { recursive: true, force: true });
      }
    });
  });

  describe('a burst of events as large as the kernel queue (which may have overflowed, dropping events)', () => {
    const vault = useWarmVault({ watch: true, watchTuning: { burstLimit: 64 } });
    it('forgets what it kept, watches anew, and searches stay exact', async () => {
      await untilWatched(vault.fs);
      const { cursor } = vault.fs.changesSince!(0);
      // Written at once, so the events wait in the kernel's queue and arrive in one turn of the event loop.
      for (const [index, note] of notes.entries()) writeFileSync(path.join(vault.folder.path, note), `burst ${index}\n${index % 2 ? 'kappa\n' : ''}`);
      await untilNoticed(vault.notices);
      expect(vault.notices).toEqual([
        "Watching the vault again: 64 events at once, as many as the kernel's queue may hold; until then every search checks every file.",
      ]);
      expect((await vault.searchBoth({ query: 'kappa', ...everything })).totalFiles).toBe(75);
      await untilWatched(vault.fs);
      expect(vault.fs.changesSince!(cursor)).toMatchObject({ everything: true });
      await expectSeen(vault, 0);
    });
  });

  describe("a burst in a folder whose own event comes first (a chmod, a trash's move): its watch renewed after the burst's events", () => {
    const vault = useWarmVault({ watch: true, watchTuning: { burstLimit: 64 } });
    it('counts the events queued for the folder, forgets what it kept, watches anew, and searches stay exact', async () => {
      await untilWatched(vault.fs);
      const folder = path.join(vault.folder.path, 'notes/0');
      // At once: the folder's event, then its files'; all wait in the kernel's queue for one read. A watch closed after the first
      // dropped those queued for it, uncounted (a real overflow then went unseen for good).
      chmodSync(folder, 0o700);
      for (let index = 0; index < 200; index += 1) writeFileSync(path.join(folder, `burst-${index}.md`), 'kappa\n');
      expect((await vault.searchBoth({ query: 'kappa', ...everything })).totalFiles).toBe(200);
      expect(vault.notices).toEqual([
        "Watching the vault again: 64 events at once, as many as the kernel's queue may hold; until then every search checks every file.",
      ]);
    });
  });
});
