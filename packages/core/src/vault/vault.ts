import { boundJson } from '../tools/bound-json.js';
import { boundText, minOutputBound } from '../tools/bound-text.js';
import type { DecodedText } from '../text/text-codec.js';
import type { TextStyle } from '../text/text-style.js';
import { type Tool, type ToolInput, type ToolName, type ToolOutput, toolsOf } from '../tools/tools.js';
import { callTool } from './call-tool.js';
import { trackCall } from './calls-in-flight.js';
import { checkWritePath } from './check-write-path.js';
import { createKeyedLock } from './keyed-lock.js';
import { readText } from './read-text.js';
import { VaultError } from './vault-error.js';
import type { VaultFs, VaultStat } from './vault-fs.js';
import { escapeName, extensionOf, isHiddenPath, isInTrash, namesFolder, resolveVaultPath, trashFolder, withoutTrash } from './vault-path.js';
import { type TextToWrite, type WriteTextOptions, writeText } from './write-text.js';
import type { Embeddings } from '../find-notes/embeddings.js';

/** Whether a path may lie in the (hidden) trash: see `Vault.resolvePath`. */
export interface TrashAccess {
  trash?: 'read' | 'restore';
}

export interface VaultOptions {
  /** File extensions the tools work on, case-insensitive. Default `.md .markdown .mdx .txt`. */
  extensions?: readonly string[];
  /** Let the tools reach paths with a segment starting with a dot (`.obsidian`, `.trash`). Default false. */
  allowHidden?: boolean;
  /** Refuse every tool that changes the vault. Default false. */
  readOnly?: boolean;
  /** Largest file, in bytes, that a tool loads whole (edit, search, read without streaming). Default 128 MiB. */
  maxFileSize?: number;
  /** Time budget of one search (and of a near-miss search), in milliseconds. Default 10,000. */
  searchTimeout?: number;
  /**
   * Longest answer, in characters: a tool's rendered text, its structured content as JSON, and an
   * error's message, each. Tools fill their lists up to it and say what they left out; past it,
   * `render` cuts the text with a note, and `structure` the lists with a `cut` field. Default
   * 65,536; at least 4,096.
   */
  maxOutput?: number;
  /**
   * Memory FindNotes' index of one backend may hold, in bytes (about: its numbers and sections, not
   * the JavaScript objects around them), and in the room its notes leave, the bytes they were read
   * from (a note shown is not read again). Notes past it are read and analysed at each call instead,
   * as exact but slower. Default 512 MiB (about 60,000 notes of the corpus's size); 0 keeps none.
   */
  findNotesMemory?: number;
  /**
   * Semantic ranking for FindNotes (optional): the notes' sections are embedded in the background and
   * the query at each call, and the notes ranked by their best section's cosine are fused with the word
   * ranking. Any failure falls back to words, with a note in the answer. Default none.
   */
  embeddings?: Embeddings;
}

/** The options a vault runs with: each defaulted, `embeddings` only when given. */
export type ResolvedVaultOptions = Required<Omit<VaultOptions, 'embeddings'>> & Pick<VaultOptions, 'embeddings'>;

/** How one call runs: `signal` cancels it (a search stops reading; the call rejects with the signal's reason). */
export interface ToolCallOptions {
  signal?: AbortSignal;
  /** Who asks (an MCP client's name and version): with history on, the author of the change the call makes. */
  agent?: string;
}

export const defaultExtensions = ['.md', '.markdown', '.mdx', '.txt'] as const;

/** The largest file a tool loads whole unless `VaultOptions.maxFileSize` says otherwise: 128 MiB. */
export const defaultMaxFileSize = 128 * 1024 * 1024;

/** A vault: a backend plus the rules every tool applies. Made by `createVault`. */
export interface Vault {
  readonly fs: VaultFs;
  readonly options: Readonly<ResolvedVaultOptions>;
  /** The tools this vault offers: all of them, or the read-only ones when `readOnly` is set; with history, the history tools too (`toolsOf`). */
  readonly tools: readonly Tool[];
  /**
   * Validates the input against the tool's schema (an unknown argument is refused), then runs the
   * tool. Throws `VaultError` (its message within `maxOutput`), or the signal's reason when cancelled.
   */
  call<Name extends ToolName>(name: Name, input: ToolInput<Name>, options?: ToolCallOptions): Promise<ToolOutput<Name>>;
  /** A tool's output as the compact text an agent reads, within `maxOutput` characters. */
  render<Name extends ToolName>(name: Name, output: ToolOutput<Name>, style?: TextStyle): string;
  /**
   * A tool's output as its structured content (the tool's `structure`, fitting its `outputSchema`),
   * within `maxOutput` characters as JSON: past the bound its lists are cut at their end and a `cut`
   * field says what was left out (`boundJson`).
   */
  structure<Name extends ToolName>(name: Name, output: ToolOutput<Name>): Record<string, unknown>;
  /**
   * Resolves a tool's path (`''` or `.` is the root) under the containment and hidden-path rules.
   * `trash` lets the trash through although it is hidden: `read` the trash folder and what is in it
   * (listing, reading, searching), `restore` what is in it (Move's source).
   */
  resolvePath(input: string, options?: TrashAccess): string;
  /** Resolves a tool's file path: `resolvePath`, refusing the root and a path that ends in a slash (a folder's). */
  resolveFile(input: string, options?: TrashAccess): string;
  /** Refuses a file path whose extension is not on the allow-list. */
  checkExtension(path: string): void;
  /**
   * Refuses a path to write (a file, or a folder to make or move to) that leads through a symlink to
   * a place the rules forbid: a hidden path, or for a file another extension. Judged by the path the
   * link names, also when nothing is there yet. Resolves to that path (`path` itself without a link).
   */
  checkWritePath(path: string, kind: 'file' | 'directory'): Promise<string>;
  /**
   * Whether listings and search show an entry: not hidden (unless allowed), for files an allowed
   * extension; for a symlink, its target too. What is in the trash is judged by its path before
   * removal (only a listing that starts in the trash gets there: the trash folder itself is hidden).
   */
  isListed(relativePath: string, kind: 'file' | 'directory', target?: string): boolean;
  /** What is at a path, or `undefined`; a symlink whose target breaks the hidden-path or extension rules is refused. */
  stat(path: string): Promise<VaultStat | undefined>;
  /** Like `stat`, with `NOT_FOUND` when nothing is there. */
  statExisting(path: string): Promise<VaultStat>;
  /** Like `statExisting`, for a file a tool works on: `NOT_A_FILE` for a folder, then the extension rule. */
  statFile(path: string): Promise<VaultStat>;
  /** Loads a text file whole, refusing folders, files over `maxFileSize` and non-text content. */
  readText(path: string): Promise<DecodedText & { bytes: Uint8Array }>;
  /**
   * The one way the tools write a file (see `writeText` in `write-text.ts`): under `checkWritePath`,
   * refused past `maxFileSize`, the text given as its pieces, never joined whole; creates the parent
   * folders if asked. Resolves to the written file's fileHash. `expected` as in `VaultFs.writeFile`.
   */
  writeText(path: string, text: TextToWrite | Uint8Array, options: WriteTextOptions): Promise<string>;
  /** Runs `work` while holding the write lock of every path, so concurrent edits of a file never lose an update. */
  withLock<T>(paths: readonly string[], work: () => Promise<T>): Promise<T>;
}

export function createVault(fs: VaultFs, options: VaultOptions = {}): Vault {
  const resolved = resolveOptions(options);
  const lock = createKeyedLock();

  const vault: Vault = {
    fs,
    options: resolved,
    tools: toolsOf(fs.history !== undefined).filter((tool) => !resolved.readOnly || tool.effects.readOnly),
    call: (name, input, callOptions) => trackCall(fs, callTool(vault, name, input, callOptions)),

    render(name, output, style) {
      const tool = toolsOf(true).find((candidate) => candidate.name === name)!;
      return boundText((tool.render as (output: unknown, style?: TextStyle) => string)(output, style), resolved.maxOutput);
    },

    structure(name, output) {
      const tool = toolsOf(true).find((candidate) => candidate.name === name)!;
      return boundJson((tool.structure as (output: unknown) => Record<string, unknown>)(output), resolved.maxOutput);
    },

    resolvePath(input, trash = {}) {
      const path = resolveVaultPath(input, fs.root);
      checkHidden(path, input, trash, resolved.allowHidden);
      return path;
    },

    resolveFile: (input, trash) => checkFilePath(input, vault.resolvePath(input, trash)),

    checkExtension(path) {
      const extension = extensionOf(path);
      if (resolved.extensions.includes(extension)) return;
      throw new VaultError(
        'EXTENSION_NOT_ALLOWED',
        `${path} ${extension ? `has the extension ${extension}` : 'has no extension'}, and the tools only work on ${resolved.extensions.join(' ')} files. Use a file with one of those extensions.`,
      );
    },

    checkWritePath: (path, kind) => checkWritePath(vault, path, kind),

    isListed(path, kind, target) {
      const shown = withoutTrash(path);
      return [shown, target ?? shown].every(
        (candidate) => (resolved.allowHidden || !isHiddenPath(candidate)) && (kind === 'directory' || resolved.extensions.includes(extensionOf(candidate))),
      );
    },

    async stat(path) {
      const stat = await fs.stat(path);
      if (stat?.target !== undefined) checkSymlinkTarget(vault, path, stat.kind, stat.target);
      return stat;
    },

    async statExisting(path) {
      const stat = await vault.stat(path);
      if (!stat) throw new VaultError('NOT_FOUND', `${path || 'The vault root'} does not exist. Check the path with ListFiles or TextSearch.`);
      return stat;
    },

    async statFile(path) {
      const stat = await vault.statExisting(path);
      if (stat.kind !== 'file') throw new VaultError('NOT_A_FILE', `${path} is a folder, not a file. List it with ListFiles.`);
      vault.checkExtension(path);
      return stat;
    },

    readText: (path) => readText(vault, path),
    writeText: (path, text, writeOptions) => writeText(vault, path, text, writeOptions),
    withLock: (paths, work) => lock.run(paths, work),
  };
  return vault;
}

/** The options with their defaults, refusing an answer bound too small for any answer. */
function resolveOptions(options: VaultOptions): ResolvedVaultOptions {
  const resolved: ResolvedVaultOptions = {
    extensions: (options.extensions ?? defaultExtensions).map(normalizeExtension),
    allowHidden: options.allowHidden ?? false,
    readOnly: options.readOnly ?? false,
    maxFileSize: options.maxFileSize ?? defaultMaxFileSize,
    searchTimeout: options.searchTimeout ?? 10_000,
    maxOutput: options.maxOutput ?? 65_536,
    findNotesMemory: options.findNotesMemory ?? 512 * 1024 * 1024,
    ...(options.embeddings ? { embeddings: options.embeddings } : {}),
  };
  if (!(resolved.findNotesMemory >= 0)) {
    throw new VaultError('INVALID_ARGUMENT', `findNotesMemory ${resolved.findNotesMemory} is not a number of bytes. Pass 0 or more.`);
  }
  if (!(resolved.maxOutput >= minOutputBound)) {
    throw new VaultError(
      'INVALID_ARGUMENT',
      `maxOutput ${resolved.maxOutput} is too small: answers need at least ${minOutputBound} characters. Pass a larger bound.`,
    );
  }
  return resolved;
}

/** Refuses a hidden path, unless allowed; `trash` lets the trash through (see `Vault.resolvePath`). */
function checkHidden(path: string, input: string, { trash }: TrashAccess, allowHidden: boolean) {
  const checked = trash === 'read' && path === trashFolder ? '' : trash !== undefined ? withoutTrash(path) : path;
  if (allowHidden || !isHiddenPath(checked)) return;
  throw new VaultError(
    'HIDDEN_PATH',
    isInTrash(path) && !isHiddenPath(withoutTrash(path)) && path !== trashFolder
      ? `${input} is in the trash, which is read-only: list, read and search it, or restore the file with Move first.`
      : `${input} is a hidden path (a segment starts with a dot, like .git or .obsidian), which the tools leave alone. Use a path without hidden segments.`,
  );
}

/** Refuses a symlink whose target breaks the rules: a hidden path (unless allowed), for a file another extension. */
function checkSymlinkTarget(vault: Vault, path: string, kind: VaultStat['kind'], target: string) {
  if (!vault.options.allowHidden && isHiddenPath(target)) {
    throw new VaultError('HIDDEN_PATH', `${path} is a symlink to ${target}, a hidden path the tools leave alone. Use a path without hidden segments.`);
  }
  if (kind === 'file') vault.checkExtension(target);
}

/** The resolved `path` of the tool path `input`, refused when it is the root or `input` names a folder (ends in a slash). */
function checkFilePath(input: string, path: string): string {
  if (path === '') {
    throw new VaultError('NOT_A_FILE', `${input || '(empty path)'} is the vault root, not a file. Pass a file path such as notes/a.md.`);
  }
  // "b.md/", "b.md/." and "b.md/.." name folders, whatever resolving them would give.
  if (namesFolder(input)) {
    throw new VaultError(
      'INVALID_ARGUMENT',
      `${escapeName(input)} ends with a slash (or . or ..), which names a folder, not a file. Pass the file path itself.`,
    );
  }
  return path;
}

function normalizeExtension(extension: string): string {
  const lower = extension.trim().toLowerCase();
  return lower.startsWith('.') ? lower : `.${lower}`;
}
