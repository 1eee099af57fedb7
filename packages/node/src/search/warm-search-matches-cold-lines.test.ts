import { describeWarmMatchesCold } from '../__fixtures__/describe-warm-matches-cold.js';

/**
 * The warm search gives exactly what the search reading every file gives, on 48 queries, showing
 * lines with a line of context (the first 30). Long on the corpus, by design: describe-warm-matches-cold.ts.
 */
describeWarmMatchesCold('warm-search-matches-cold-lines.test.ts', 'lines');
