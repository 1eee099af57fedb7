import { boundJson } from '../tools/bound-json.js';
import { boundText, minOutputBound } from '../tools/bound-text.js';
import { firstCharacters } from '../text/character-boundary.js';
import type { ToolCall } from '../tools/define-tool.js';
import { createKeyedLock } from './keyed-lock.js';
import { parseToolInput } from '../tools/parse-tool-input.js';
import { decodeText, encodeText, type DecodedText } from '../text/text-codec.js';
import type { TextStyle } from '../text/text-style.js';
import { tools, type ToolInput, type ToolName, type ToolOutput } from '../tools/tools.js';
import { isVaultError, VaultError } from './vault-error.js';
import type { VaultFs, VaultStat, WriteFileOptions } from './vault-fs.js';
import { escapeName, extensionOf, isHiddenPath, isInTrash, namesFolder, parentOf, resolveVaultPath, trashFolder, withoutTrash } from './vault-path.js';

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
}

/** How one call runs: `signal` cancels it (a search stops reading; the call rejects with the signal's reason). */
export interface ToolCallOptions {
  signal?: AbortSignal;
}

export const defaultExtensions = ['.md', '.markdown', '.mdx', '.txt'] as const;

/** A vault: a backend plus the rules every tool applies. Made by `createVault`. */
export interface Vault {
  readonly fs: VaultFs;
  readonly options: Readonly<Required<VaultOptions>>;
  /** The tools this vault offers: all eight, or the read-only ones when `readOnly` is set. */
  readonly tools: readonly (typeof tools)[number][];
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
  /** Writes a text file (under `checkWritePath`, and refused past `maxFileSize`), creating its parent folders if asked; returns the bytes written. `expected` as in `VaultFs.writeFile`. */
  writeText(path: string, text: DecodedText, options: { createParents: boolean } & WriteFileOptions): Promise<Uint8Array>;
  /** Runs `work` while holding the write lock of every path, so concurrent edits of a file never lose an update. */
  withLock<T>(paths: readonly string[], work: () => Promise<T>): Promise<T>;
}

export function createVault(fs: VaultFs, options: VaultOptions = {}): Vault {
  const resolved: Required<VaultOptions> = {
    extensions: (options.extensions ?? defaultExtensions).map(normalizeExtension),
    allowHidden: options.allowHidden ?? false,
    readOnly: options.readOnly ?? false,
    maxFileSize: options.maxFileSize ?? 128 * 1024 * 1024,
    searchTimeout: options.searchTimeout ?? 10_000,
    maxOutput: options.maxOutput ?? 65_536,
  };
  if (!(resolved.maxOutput >= minOutputBound)) {
    throw new VaultError(
      'INVALID_ARGUMENT',
      `maxOutput ${resolved.maxOutput} is too small: answers need at least ${minOutputBound} characters. Pass a larger bound.`,
    );
  }
  const lock = createKeyedLock();
  const offered = tools.filter((tool) => !resolved.readOnly || tool.effects.readOnly);

  function checkHidden(path: string, input: string, { trash }: TrashAccess) {
    const checked = trash === 'read' && path === trashFolder ? '' : trash !== undefined ? withoutTrash(path) : path;
    if (resolved.allowHidden || !isHiddenPath(checked)) return;
    throw new VaultError(
      'HIDDEN_PATH',
      isInTrash(path) && !isHiddenPath(withoutTrash(path)) && path !== trashFolder
        ? `${input} is in the trash, which is read-only: list, read and search it, or restore the file with Move first.`
        : `${input} is a hidden path (a segment starts with a dot, like .git or .obsidian), which the tools leave alone. Use a path without hidden segments.`,
    );
  }

  const vault: Vault = {
    fs,
    options: resolved,
    tools: offered,

    async call(name, input, { signal } = {}) {
      const tool = offered.find((candidate) => candidate.name === name);
      if (!tool) {
        const known = tools.some((candidate) => candidate.name === name);
        throw known
          ? new VaultError(
              'PERMISSION_DENIED',
              `${name} changes files, and this vault is open read-only. Use the read tools, or open the vault without read-only.`,
            )
          : new VaultError(
              'INVALID_ARGUMENT',
              `There is no tool named ${escapeName(firstCharacters(String(name), 60))}. Tools: ${offered.map((candidate) => candidate.name).join(', ')}.`,
            );
      }
      signal?.throwIfAborted();
      const call: ToolCall = { signal: signal ?? new AbortController().signal };
      try {
        return await (tool.run as (input: unknown, vault: Vault, call: ToolCall) => Promise<ToolOutput<typeof name>>)(parseToolInput(tool, input), vault, call);
      } catch (error) {
        if (!isVaultError(error)) throw error;
        // Within the bound as adapters show it, `CODE: message`.
        const room = resolved.maxOutput - error.code.length - 2;
        if (error.message.length <= room) throw error;
        throw new VaultError(error.code, boundText(error.message, room), error.details as Record<string, unknown> | undefined);
      }
    },

    render(name, output, style) {
      const tool = tools.find((candidate) => candidate.name === name)!;
      return boundText((tool.render as (output: unknown, style?: TextStyle) => string)(output, style), resolved.maxOutput);
    },

    structure(name, output) {
      const tool = tools.find((candidate) => candidate.name === name)!;
      return boundJson((tool.structure as (output: unknown) => Record<string, unknown>)(output), resolved.maxOutput);
    },

    resolvePath(input, trash = {}) {
      const path = resolveVaultPath(input, fs.root);
      checkHidden(path, input, trash);
      return path;
    },

    resolveFile(input, options) {
      const path = vault.resolvePath(input, options);
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
    },

    checkExtension(path) {
      const extension = extensionOf(path);
      if (resolved.extensions.includes(extension)) return;
      throw new VaultError(
        'EXTENSION_NOT_ALLOWED',
        `${path} ${extension ? `has the extension ${extension}` : 'has no extension'}, and the tools only work on ${resolved.extensions.join(' ')} files. Use a file with one of those extensions.`,
      );
    },

    async checkWritePath(path, kind) {
      const target = (await fs.resolveSymlinks?.(path)) ?? path;
      if (target === path) return target;
      if (!resolved.allowHidden && isHiddenPath(target)) {
        throw new VaultError(
          'HIDDEN_PATH',
          `${path} leads through a symlink to ${target}, a hidden path the tools leave alone. Use a path without a link to a hidden place.`,
        );
      }
      if (kind === 'file' && !resolved.extensions.includes(extensionOf(target))) {
        throw new VaultError(
          'EXTENSION_NOT_ALLOWED',
          `${path} leads through a symlink to ${target}, and the tools only write ${resolved.extensions.join(' ')} files. Use a path that is not a link to another kind of file.`,
        );
      }
      return target;
    },

    isListed(path, kind, target) {
      const shown = withoutTrash(path);
      return [shown, target ?? shown].every(
        (candidate) => (resolved.allowHidden || !isHiddenPath(candidate)) && (kind === 'directory' || resolved.extensions.includes(extensionOf(candidate))),
      );
    },

    async stat(path) {
      const stat = await fs.stat(path);
      if (stat?.target !== undefined) {
        if (!resolved.allowHidden && isHiddenPath(stat.target)) {
          throw new VaultError(
            'HIDDEN_PATH',
            `${path} is a symlink to ${stat.target}, a hidden path the tools leave alone. Use a path without hidden segments.`,
          );
        }
        if (stat.kind === 'file') vault.checkExtension(stat.target);
      }
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

    async readText(path) {
      const stat = await vault.statFile(path);
      if (stat.size > resolved.maxFileSize) {
        throw new VaultError(
          'FILE_TOO_LARGE',
          `${path} is ${stat.size} bytes, over this vault's limit of ${resolved.maxFileSize} bytes for loading a file whole. Read it in windows with TextRead, or raise the limit.`,
        );
      }
      const bytes = await fs.readFile(path);
      return { ...decodeText(bytes, path), bytes };
    },

    async writeText(path, text, { createParents, ...write }) {
      const bytes = encodeText(text);
      if (bytes.length > resolved.maxFileSize) {
        throw new VaultError(
          'FILE_TOO_LARGE',
          `${path} would be ${bytes.length} bytes, over this vault's limit of ${resolved.maxFileSize} bytes for a file, so nothing was written. Write a smaller file, or raise the limit.`,
        );
      }
      await vault.checkWritePath(path, 'file');
      const parent = parentOf(path);
      if (createParents && parent !== '') await fs.makeDirectory(parent);
      await fs.writeFile(path, bytes, write);
      return bytes;
    },

    withLock(paths, work) {
      return lock.run(paths, work);
    },
  };
  return vault;
}

function normalizeExtension(extension: string): string {
  const lower = extension.trim().toLowerCase();
  return lower.startsWith('.') ? lower : `.${lower}`;
}
