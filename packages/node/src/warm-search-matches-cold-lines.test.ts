import { describeWarmMatchesCold } from './describe-warm-matches-cold.js';

/**
 * The warm search gives exactly what the search reading every file gives, on 34 queries, showing
 * lines with a line of context (the first 30).
 * On the corpus (VAULT_LONG_TESTS, as .ci/run sets; 9,747 files, 68 MB) this file is long by design:
 * each of the 34 comparisons searches every file twice, once from memory and once from disk, and the
 * searches are CPU-bound. Left whole: a sample of the corpus would compare less of the real text it is
 * there for: 26 s (lines) and 31 s (files) in the package's suite on the two
 * cores at load 9; split by mode so that the two run at once. On the generated vault (a clean clone, CI)
 * it takes a second or two.
 */
describeWarmMatchesCold('warm-search-matches-cold-lines.test.ts', 'lines');
