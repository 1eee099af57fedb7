/** The built search worker, for tests that start workers (turbo builds before testing). */
export const searchWorker = new URL('../../dist/search-worker.js', import.meta.url);
