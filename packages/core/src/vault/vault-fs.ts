import type { FileHasher } from '../text/file-hash.js';
import type { SearchedFile, ShownLinesOptions } from '../search/search-text.js';
import type { VaultHistory } from './vault-history.js';

/**
 * What a backend must do for the tools: a handful of required methods and optional extras.
 *
 * Paths given to a backend are vault-relative, POSIX-style, already normalised and checked
 * lexically by core (`notes/a.md`; `''` is the vault root; no `.`, `..` or empty segments).
 * A backend owns what core cannot see: where the vault really is, and whether a path reaches
 * outside it through a symlink at any level. It reports failures as `VaultError`s with a code
 * (`NOT_FOUND`, `NOT_A_FILE`, `NOT_A_DIRECTORY`, `ALREADY_EXISTS`, `PATH_OUTSIDE_VAULT`,
 * `PERMISSION_DENIED`, `IO_ERROR`) and messages that name vault-relative paths only.
 */
export interface VaultFs {
  /** The vault's absolute root, canonical (real path). Core uses it to accept absolute tool paths. */
  readonly root: string;

  /** What is at `path` (symlinks inside the vault followed), or `undefined` when nothing is. */
  stat(path: string): Promise<VaultStat | undefined>;

  /** The whole content of a file. */
  readFile(path: string): Promise<Uint8Array>;

  /**
   * Creates or replaces a file, atomically: a reader sees the old content or the new, never a
   * mix, and a crash leaves one of the two. Keeps an existing file's permissions. The parent
   * folder exists (core creates it first). With `expected`, the backend replaces the file only if
   * it still holds what core read, checked at the moment of the replacement, so that a change made
   * meanwhile by another process is refused, not lost. `data` may come in pieces (an iterable, read
   * once, as the write goes), so that a large file is written without being whole in memory: a piece
   * may be overwritten once the next is asked for, so a backend writes or copies each before that.
   */
  writeFile(path: string, data: Uint8Array | Iterable<Uint8Array>, options?: WriteFileOptions): Promise<void>;

  /**
   * The entries directly in a folder, in any order. Entries leading outside the vault are left out.
   * With `sizes: false` (a walk that needs no sizes) a backend may give files a size of 0 when
   * knowing it would cost an extra call per file. With `afterSync` (the caller passed `sync` with
   * `true` since its work began) a backend may answer from a listing it keeps.
   */
  readDirectory(path: string, options?: { sizes?: boolean; afterSync?: boolean }): Promise<VaultDirectoryEntry[]>;

  /** Creates a folder and its missing parents; an existing folder is fine. */
  makeDirectory(path: string): Promise<void>;

  /**
   * Moves a file or folder. Core has checked that `to` does not exist and that its parent folder
   * does; the move must still never replace anything: checking and moving are one atomic step, and
   * anything at `to` by then gives `ALREADY_EXISTS` with nothing moved. Must work when the two ends
   * sit on different devices.
   */
  rename(from: string, to: string): Promise<void>;

  /**
   * Optional: the file's content as a sequence of chunks, so that a window of a huge file can be
   * read and hashed without holding the whole file in memory. Core falls back to `readFile`.
   * With `buffer`, each chunk is read into it (a view of its start, at most its length): a chunk is
   * valid until the next one is asked for, and no memory is allocated per chunk.
   */
  readFileChunks?(path: string, options?: ReadChunksOptions): AsyncIterable<Uint8Array>;

  /**
   * Optional: a token that changes whenever the file's content may have changed (the Node backend:
   * device, inode, size, modification and change times to the nanosecond), or `undefined` when no
   * file is there. Core keeps what it learnt scanning a large file (its line breaks, totalLines,
   * fileHash) under it, and reads a later window of the file from where the window starts.
   */
  version?(path: string): Promise<string | undefined>;

  /**
   * Optional, for backends with symlinks: the vault-relative path that `path` really names once every
   * symlink on the way is followed, a dangling one too (the missing rest kept as written); `path`
   * itself when no link is on the way. Refused with `PATH_OUTSIDE_VAULT` when that is outside the
   * vault. Core judges a path to write by it, so that a link to a place that does not exist yet
   * cannot carry a write past the rules.
   */
  resolveSymlinks?(path: string): Promise<string>;

  /** Optional: an incremental SHA-256 faster than core's (native code), for hashing a file read in chunks. */
  createHasher?(): FileHasher;

  /**
   * Optional: searches many files at once, for example in parallel off the main thread. For each
   * file it must give what `searchFileBytes` gives (the same function does the matching), skip a
   * file over `maxFileSize` as too large, and leave out files without a match, in the order of
   * `paths`. Past `timeout` milliseconds it stops and throws `TIMEOUT`. The paths were plain files
   * (no symlink on the way) when core walked the folders; a backend must not follow a symlink that
   * has appeared since, and refuse instead. Core uses it for searches of many files, and searches
   * file by file without it (symlinked files always).
   */
  searchFiles?(paths: readonly string[], request: SearchFilesRequest): Promise<SearchedFile[]>;

  /**
   * Optional: the vault's history (`@vault/git`). With it, every call that changes files is recorded
   * as one change, and the vault offers the history tools (History, Undo, Restore, TextRead's `at`).
   */
  readonly history?: VaultHistory;
  /**
   * Optional, for a backend that watches the vault: a sync point. Resolves `true` once every change
   * made before the call has been seen, so that what the backend keeps (listings, texts, the log of
   * `changesSince`) is current for a caller that then passes `afterSync`; `false` when it cannot tell
   * now (no watch, or one that cannot be trusted), and everything must be checked.
   */
  sync?(): Promise<boolean>;

  /**
   * Optional, with `sync`: the vault paths changed since `cursor` (from an earlier answer; 0 at first),
   * each once (a folder's path stands for everything below it), and the cursor to ask from next; or
   * `everything` when they are not known (the watch started, started again, or stopped), and the caller
   * checks all it keeps. Exact after a `sync` that gave `true`. What a second index subscribes to.
   */
  changesSince?(cursor: number): VaultChanges;
}

/** What changed in a vault since a cursor (see `VaultFs.changesSince`). */
export type VaultChanges = { cursor: number; paths: string[] } | { cursor: number; everything: true };

export interface ReadChunksOptions {
  /** Where to read each chunk: see `VaultFs.readFileChunks`. */
  buffer?: Uint8Array;
  /** The byte to start at. Default 0. */
  start?: number;
}

export interface WriteFileOptions {
  /**
   * The bytes the file must still hold, or `null` when there must be no file yet. Otherwise the
   * write is refused: `STALE_FILE` when the content differs or the file is gone, `ALREADY_EXISTS`
   * when a file appeared. Default: replace whatever is there.
   */
  expected?: Uint8Array | null;
}

/** What `VaultFs.searchFiles` searches for: TextSearch's query and how much of each file to show. */
export interface SearchFilesRequest extends Omit<ShownLinesOptions, 'checkDeadline'> {
  query: string;
  regex: boolean;
  /** Whether case matters: TextSearch has settled smart case already. */
  caseSensitive: boolean;
  /** Whether the caller passed `VaultFs.sync` with `true` since its work began: a backend may use what its watch keeps, unchecked. */
  afterSync?: boolean;
  maxFileSize: number;
  timeout: number;
  /**
   * Aborted when the caller cancels the search: the backend stops reading and rejects (with the
   * signal's reason). Cancelling or timing out one search never fails another running at the same time.
   * Not sent to workers as is (it cannot be cloned).
   */
  signal?: AbortSignal;
}

export interface VaultStat {
  kind: 'file' | 'directory';
  /** Size in bytes (0 for folders). */
  size: number;
  /** When a symlink leads elsewhere in the vault: the vault-relative path it really is. Core applies its rules to it too. */
  target?: string;
}

export interface VaultDirectoryEntry {
  name: string;
  kind: 'file' | 'directory';
  /** Size in bytes for files (0 when asked without sizes, see `readDirectory`). */
  size: number;
  /** True when the entry is a symlink (to a place inside the vault). Walks do not descend into symlinked folders. */
  symlink: boolean;
  /** For a symlink: the vault-relative path it really is. */
  target?: string;
}
