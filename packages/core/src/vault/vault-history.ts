/**
 * What a backend with history offers (the `@vault/git` package wraps a backend with one): every call
 * that changes files becomes one change, and the tools History, Undo, Restore and TextRead's `at` read
 * the changes back. Paths are vault-relative; a change id is a commit id (hex), given whole or as a
 * prefix of at least 7 characters. An id that names no change is `INVALID_ARGUMENT`.
 */
export interface VaultHistory {
  /**
   * Runs `work`, one changing call, and records what it wrote as one change, after any change made
   * outside the tools to the same paths (recorded first, apart). Calls run one at a time, in order.
   * `subjectOf` names the change from the call's output. A call that writes nothing records nothing.
   * A change not made because the vault already holds exactly it (another server made the same change meanwhile)
   * rejects with a `VaultError` whose `details.applied` is `true`: the call's output stands, nothing of it was written.
   */
  record<T>(meta: ChangeMeta, work: () => Promise<T>, subjectOf: (output: T) => string): Promise<T>;
  /**
   * The changes of a file (or of the whole vault), newest first, the first `offset` skipped, at most `maxResults`. A change's files are those
   * `shows` takes (the vault's rules: hidden paths, extensions); the others are only counted (`filesNotShown`).
   */
  log(query: { path?: string; offset: number; maxResults: number; shows: (path: string) => boolean }): Promise<{ changes: ChangeSummary[]; more: boolean }>;
  /** One change and its unified diff of the files `shows` takes (the others only counted), cut after `maxCharacters`. */
  show(change: string, maxCharacters: number, shows: (path: string) => boolean): Promise<ChangeDiff>;
  /** A file's bytes right after a change, or `undefined` when it did not exist then. Over `maxSize` bytes: `FILE_TOO_LARGE`. */
  fileAt(path: string, change: string, maxSize: number): Promise<Uint8Array | undefined>;
  /** The files a change touched in the vault, each as it was right before and right after it. */
  filesOf(change: string, maxSize: number): Promise<{ summary: ChangeSummary; files: ChangedFile[] }>;
  /** The changes after `change` (up to now) that touched any of `paths`, newest first, at most `maxResults`. */
  changesSince(change: string, paths: readonly string[], maxResults: number): Promise<ChangeSummary[]>;
}

/** Who asked for a change: the tool and the agent (an MCP client's name and version). */
export interface ChangeMeta {
  tool: string;
  agent?: string;
}

/** One change, as the History tool lists it. */
export interface ChangeSummary {
  /** The whole commit id. */
  id: string;
  /** When it was made, ISO 8601. */
  time: string;
  /** Who made it: the agent's name, or a person's. */
  author: string;
  /** The tool that made it (its trailer); absent for a change made outside the tools. */
  tool?: string;
  /** The one-line summary. */
  subject: string;
  /** The vault paths it touched, the first few; `filesTotal` counts them all. */
  files: string[];
  filesTotal: number;
  /** The files it touched that the vault does not show (hidden, other extensions): counted, never named. Absent: none. */
  filesNotShown?: number;
}

export interface ChangeDiff {
  summary: ChangeSummary;
  /** The unified diff of the vault's paths. */
  diff: string;
  /** True when the diff was longer than asked and cut. */
  cut: boolean;
}

/** A file a change touched: its bytes before and after (`undefined`: no file). */
export interface ChangedFile {
  path: string;
  before?: Uint8Array;
  after?: Uint8Array;
}
