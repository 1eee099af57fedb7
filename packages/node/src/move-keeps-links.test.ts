import { createTempFolder, describeMoveKeepsLinks, readFolder } from '@vault/testing';
import { createNodeFs } from './create-node-fs.js';

// On the real disk: each run's links are resolved on what the folder holds after the move.
describeMoveKeepsLinks('node (real disk)', async (seed) => {
  const folder = await createTempFolder(seed);
  return { fs: await createNodeFs(folder.path), dump: () => readFolder(folder.path), cleanup: folder.remove };
}, 60);
