import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { everything, notes, useWarmVault } from '../__fixtures__/warm-search-fixture.js';

const vault = useWarmVault({ watch: true });

describe('a watched search: exact after many changes at once', () => {
  it('sees a burst of 3,000 writes', async () => {
    for (let change = 0; change < 3000; change += 1) {
      const note = notes[change % notes.length]!;
      await writeFile(path.join(vault.folder.path, note), `# Note\nchange ${change}\n${change % 7 === 0 ? 'gamma\n' : ''}`);
    }
    const found = await vault.searchBoth({ query: 'gamma', ...everything });
    expect(found.totalFiles).toBe(Array.from({ length: 150 }, (_, index) => 2850 + index).filter((change) => change % 7 === 0).length);
  });
});
