import { createMemoryFs } from '@vault/core';
import { describeMoveKeepsLinks } from './describe-move-keeps-links.js';

describeMoveKeepsLinks(
  'memory',
  async (seed) => {
    const fs = createMemoryFs(seed);
    return { fs, dump: async () => fs.toJSON() };
  },
  300,
);
