import { describeWarmMatchesCold } from '../__fixtures__/describe-warm-matches-cold.js';

/**
 * The warm search gives exactly what the search reading every file gives, on 48 queries, showing
 * every file that matches (files_only). Long on the corpus, by design: describe-warm-matches-cold.ts.
 */
describeWarmMatchesCold('warm-search-matches-cold-files.test.ts', 'files');
