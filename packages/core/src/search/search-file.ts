import { indexOfLinear } from '../text/find-all.js';
import { decodeText } from '../text/text-codec.js';
import { isVaultError } from '../vault/vault-error.js';
import type { LineMatcher } from './search-pattern.js';
import { type SearchedFile, type ShownLinesOptions, searchText } from './search-text.js';

/** Searches a file's bytes as `searchText` does, after decoding them as TextRead would; text that is not UTF-8 is skipped. */
export function searchFileBytes(path: string, bytes: Uint8Array, matcher: LineMatcher, options: ShownLinesOptions): SearchedFile | undefined {
  const text = searchableText(bytes, path);
  return text === undefined ? { path, skipped: 'NOT_TEXT' } : searchText(path, text, matcher, options);
}

/** A file's bytes as a search reads them, decoded as TextRead would; `undefined` when they are not UTF-8 text (the file is skipped). */
export function searchableText(bytes: Uint8Array, path: string): string | undefined {
  try {
    return decodeText(bytes, path).text;
  } catch (error) {
    if (isVaultError(error) && error.code === 'NOT_TEXT') return undefined;
    throw error;
  }
}

/** A query as a search of files' bytes needs it: the line matcher and, for a case-sensitive literal, the UTF-8 bytes every file with a matching line contains. */
export interface FileQuery {
  matcher: LineMatcher;
  literal?: Uint8Array;
}

/** The `FileQuery` of a compiled TextSearch query (see `compileSearchPattern`). */
export function fileQuery(query: string, regex: boolean, compiled: { matcher: LineMatcher; caseSensitive: boolean }): FileQuery {
  return { matcher: compiled.matcher, ...(compiled.caseSensitive && !regex ? { literal: new TextEncoder().encode(query) } : {}) };
}

/** Checks on bytes that a platform can do natively (Node's `Buffer`); by default core's own, on any `Uint8Array`. */
export interface ByteChecks {
  /** Whether `bytes` are valid UTF-8. */
  isUtf8(bytes: Uint8Array): boolean;
  /** Whether `bytes` contain `part`. */
  includes(bytes: Uint8Array, part: Uint8Array): boolean;
}

/** A file as a backend's search finds it: its size, known before reading it, and how to read it. */
export interface FileToSearch {
  path: string;
  size: number;
  read(): Uint8Array;
}

/** What `searchFile` needs beyond what it shows: the largest file it reads, and the platform's byte checks. */
export interface SearchFileOptions extends ShownLinesOptions {
  maxFileSize: number;
  byteChecks?: ByteChecks;
}

/**
 * One file of a backend's `searchFiles`, searched as core searches it: a file over `maxFileSize` is
 * skipped as too large, unread; a text file without a case-sensitive literal's bytes has no matching
 * line, and is passed over without being decoded; anything else goes to `searchFileBytes`, which skips
 * a file that is not text.
 */
export function searchFile(file: FileToSearch, query: FileQuery, options: SearchFileOptions): SearchedFile | undefined {
  if (file.size > options.maxFileSize) return { path: file.path, skipped: 'FILE_TOO_LARGE' };
  const bytes = file.read();
  const checks = options.byteChecks ?? portableByteChecks;
  if (query.literal && !checks.includes(bytes, query.literal) && isText(bytes, checks)) return undefined;
  return searchFileBytes(file.path, bytes, query.matcher, options);
}

/** Whether bytes are text as the tools read it (as `decodeText` decides): no NUL byte, and valid UTF-8. */
function isText(bytes: Uint8Array, checks: ByteChecks): boolean {
  return !bytes.includes(0) && checks.isUtf8(bytes);
}

/** Core's byte checks, in plain JavaScript. */
const portableByteChecks: ByteChecks = {
  isUtf8(bytes) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      return true;
    } catch {
      return false;
    }
  },
  // Each byte read as one character (windows-1252 maps every byte to its own), then core's linear
  // finder: a byte-by-byte scan would be quadratic on a periodic literal in periodic bytes.
  includes(bytes, part) {
    const singleByteText = new TextDecoder('windows-1252');
    return indexOfLinear(singleByteText.decode(bytes), singleByteText.decode(part)) !== -1;
  },
};
