import { defineConfig } from 'tsup';
import { library } from '../../tsup.library.js';

// The search worker is a script of its own beside the bundle (dist/search-worker.js), where createNodeFs looks for it.
export default defineConfig(library({ index: 'src/index.ts', 'search-worker': 'src/search/search-worker.ts' }));
