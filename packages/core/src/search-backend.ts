// @vault/core/search-backend: what a backend needs to implement `VaultFs.searchFiles` (searching many
// files at once, for example in worker threads) so that it finds what core's own search finds.
export { createLineCap } from './search/line-cap.js';
export type { LineCap } from './search/line-cap.js';
export { fileQuery, searchableText, searchFile, searchFileBytes } from './search/search-file.js';
export type { ByteChecks, FileQuery, FileToSearch, SearchFileOptions } from './search/search-file.js';
export { compileSearchPattern, literalsOfMatches } from './search/search-pattern.js';
export type { LineMatcher, MatchRange, SearchPatternOptions } from './search/search-pattern.js';
export { searchText } from './search/search-text.js';
export type { SearchedFile, SearchLine, ShownLinesOptions, SkipCode } from './search/search-text.js';
export { nextOfNeedles } from './text/next-of-needles.js';
export type { SearchFilesRequest } from './vault/vault-fs.js';
