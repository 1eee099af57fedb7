import { defineConfig } from 'tsup';
import { library } from '../../tsup.library.js';

// The backend kit is an entry of its own (@vault/core/search-backend), not in the main face.
export default defineConfig(library({ index: 'src/index.ts', 'search-backend': 'src/search-backend.ts' }));
