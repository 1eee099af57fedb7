import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { everything, notes, useWarmVault } from '../__fixtures__/warm-search-fixture.js';

const vault = useWarmVault();

describe('warm search: exact after many changes at once', () => {
  it('sees a burst of 1,000 changes', async () => {
    for (let change = 0; change < 1000; change += 1) {
      const note = notes[change % notes.length]!;
      await writeFile(path.join(vault.folder.path, note), `# Note\nchange ${change}\n${change % 7 === 0 ? 'gamma\n' : ''}`);
    }
    const found = await vault.searchBoth({ query: 'gamma', ...everything });
    // The last write of each note decides: change 850 to 999.
    expect(found.totalFiles).toBe(Array.from({ length: 150 }, (_, index) => 850 + index).filter((change) => change % 7 === 0).length);
    expect((await vault.searchBoth({ query: 'change 9\\d\\d$', regex: true, ...everything })).totalFiles).toBe(100);
  });
});
