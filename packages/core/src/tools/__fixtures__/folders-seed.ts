import type { VaultSeed } from '../../vault/memory-fs.js';

/** A small vault for the listing and moving tools: nested folders, an empty one, a file of another extension, a hidden folder and the trash. */
export const foldersSeed: VaultSeed = {
  'inbox/idea.md': 'idea',
  'inbox/photo.png': 'png',
  'inbox/archive/old.md': 'old',
  'projects/alpha/plan.md': 'plan',
  'projects/beta/': '',
  '.obsidian/config.md': '',
  '.trash/gone.md': 'gone',
  'readme.txt': 'hello',
};
