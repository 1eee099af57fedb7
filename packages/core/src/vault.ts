import { z } from 'zod';
import { createKeyedLock } from './keyed-lock.js';
import { decodeText, encodeText, type DecodedText } from './text-codec.js';
import { tools, type ToolInput, type ToolName, type ToolOutput } from './tools.js';
import { VaultError } from './vault-error.js';
import type { VaultFs, VaultStat, WriteFileOptions } from './vault-fs.js';
import { extensionOf, isHiddenPath, isInTrash, parentOf, resolveVaultPath, trashFolder } from './vault-path.js';

export interface VaultOptions {
  /** File extensions the tools work on, case-insensitive. Default `.md .markdown .mdx .txt`. */
  extensions?: readonly string[];
  /** Let the tools reach paths with a segment starting with a dot (`.obsidian`, `.trash`). Default false. */
  allowHidden?: boolean;
  /** Refuse every tool that changes the vault. Default false. */
  readOnly?: boolean;
  /** Largest file, in bytes, that a tool loads whole (edit, search, read without streaming). Default 128 MiB. */
  maxFileSize?: number;
  /** Time budget of one search, in milliseconds. Default 10,000. */
  searchTimeout?: number;
}

export const defaultExtensions = ['.md', '.markdown', '.mdx', '.txt'] as const;

/** A vault: a backend plus the rules every tool applies. Made by `createVault`. */
export interface Vault {
  readonly fs: VaultFs;
  readonly options: Readonly<Required<VaultOptions>>;
  /** The tools this vault offers: all eight, or the read-only ones when `readOnly` is set. */
  readonly tools: readonly (typeof tools)[number][];
  /** Validates the input against the tool's schema, then runs the tool. Throws `VaultError`. */
  call<Name extends ToolName>(name: Name, input: ToolInput<Name>): Promise<ToolOutput<Name>>;
  /** Resolves a tool's path (`''` or `.` is the root) under the containment and hidden-path rules. */
  resolvePath(input: string, options?: { allowTrash?: boolean }): string;
  /** Resolves a tool's file path under every vault rule: containment, hidden paths, extensions. */
  resolveFile(input: string, options?: { allowTrash?: boolean }): string;
  /** Refuses a file path whose extension is not on the allow-list. */
  checkExtension(path: string): void;
  /** Whether listings and search show an entry: not hidden (unless allowed), for files an allowed extension; for a symlink, its target too. */
  isListed(relativePath: string, kind: 'file' | 'directory', target?: string): boolean;
  /** What is at a path, or `undefined`; a symlink whose target breaks the hidden-path or extension rules is refused. */
  stat(path: string): Promise<VaultStat | undefined>;
  /** Like `stat`, with `NOT_FOUND` when nothing is there. */
  statExisting(path: string): Promise<VaultStat>;
  /** Loads a text file whole, refusing folders, files over `maxFileSize` and non-text content. */
  readText(path: string): Promise<DecodedText & { bytes: Uint8Array }>;
  /** Writes a text file, creating its parent folders if asked; returns the bytes written. `expected` as in `VaultFs.writeFile`. */
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
  };
  const lock = createKeyedLock();
  const offered = tools.filter((tool) => !resolved.readOnly || tool.effects.readOnly);

  function checkHidden(path: string, input: string, allowTrash: boolean) {
    const checked = allowTrash && isInTrash(path) && path !== trashFolder ? path.slice(trashFolder.length + 1) : path;
    if (resolved.allowHidden || !isHiddenPath(checked)) return;
    throw new VaultError(
      'HIDDEN_PATH',
      `${input} is a hidden path (a segment starts with a dot, like .git, .obsidian or .trash), which the tools leave alone. Use a path without hidden segments, or open the vault with hidden paths allowed.`,
    );
  }

  const vault: Vault = {
    fs,
    options: resolved,
    tools: offered,

    async call(name, input) {
      const tool = offered.find((candidate) => candidate.name === name);
      if (!tool) {
        const known = tools.some((candidate) => candidate.name === name);
        throw known
          ? new VaultError('PERMISSION_DENIED', `${name} changes files, and this vault is open read-only. Use the read tools, or open the vault without read-only.`)
          : new VaultError('INVALID_ARGUMENT', `There is no tool named ${String(name)}. Tools: ${offered.map((candidate) => candidate.name).join(', ')}.`);
      }
      const parsed = tool.inputSchema.safeParse(input);
      if (!parsed.success) {
        throw new VaultError('INVALID_ARGUMENT', `Invalid input for ${name}: ${z.prettifyError(parsed.error)}. Fix the arguments and call again.`);
      }
      return (tool.run as (input: unknown, vault: Vault) => Promise<ToolOutput<typeof name>>)(parsed.data, vault);
    },

    resolvePath(input, { allowTrash = false } = {}) {
      const path = resolveVaultPath(input, fs.root);
      checkHidden(path, input, allowTrash);
      return path;
    },

    resolveFile(input, options) {
      const path = vault.resolvePath(input, options);
      if (path === '') {
        throw new VaultError('NOT_A_FILE', `${input || '(empty path)'} is the vault root, not a file. Pass a file path such as notes/a.md.`);
      }
      vault.checkExtension(path);
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

    isListed(path, kind, target) {
      return [path, target ?? path].every(
        (candidate) => (resolved.allowHidden || !isHiddenPath(candidate)) && (kind === 'directory' || resolved.extensions.includes(extensionOf(candidate))),
      );
    },

    async stat(path) {
      const stat = await fs.stat(path);
      if (stat?.target !== undefined) {
        if (!resolved.allowHidden && isHiddenPath(stat.target)) {
          throw new VaultError('HIDDEN_PATH', `${path} is a symlink to ${stat.target}, a hidden path the tools leave alone. Use a path without hidden segments.`);
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

    async readText(path) {
      const stat = await vault.statExisting(path);
      if (stat.kind !== 'file') throw new VaultError('NOT_A_FILE', `${path} is a folder, not a file. List it with ListFiles.`);
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
