import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { plainStyle } from '../text/text-style.js';
import { VaultError } from '../vault/vault-error.js';
import { comparePaths } from '../vault/compare-paths.js';
import { type WalkedEntry, walkVault } from '../vault/walk-vault.js';
import { createAnswerBudget } from './answer-budget.js';

/** Most folders one ListDirectories call returns. */
export const maxListedDirectories = 1000;

const outputSchema = z.object({
  /** The folder listed below (`''` for the vault root). */
  directory: z.string(),
  /** Vault-relative folder paths, sorted. */
  directories: z.array(z.string()),
  /** True when the listing stopped at the size bound or at maxDepth with deeper folders left out. */
  truncated: z.boolean(),
});
export type ListDirectoriesOutput = z.output<typeof outputSchema>;

const inputSchema = z.strictObject({
  directoryPath: z.string().optional().describe('The folder whose tree to list, vault-relative. Default: the vault root.'),
  maxDepth: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('How many levels below directoryPath to go; 1 lists only the folders directly inside it. Default: no limit.'),
});

export const listDirectories = defineTool({
  name: 'ListDirectories',
  title: 'List the folder tree',
  description: [
    `Lists the folders (not files) below a folder of the vault, recursively, as vault-relative paths sorted by path, at most ${maxListedDirectories} with a note when cut. Hidden folders (.git, .obsidian, .trash) are left out; the trash is listed when asked for ("directoryPath": ".trash").`,
    'Use it to learn how a vault is organised; then ListFiles shows the files in one folder, and TextSearch finds files by content or name pattern.',
    'Example: {} lists the whole tree; {"directoryPath": "projects", "maxDepth": 1} lists the folders directly in projects.',
  ].join('\n'),
  inputSchema,
  example: { directoryPath: 'projects', maxDepth: 1 },
  outputSchema,
  effects: { readOnly: true, destructive: false, idempotent: true },

  async run({ directoryPath = '', maxDepth = Number.POSITIVE_INFINITY }, vault): Promise<ListDirectoriesOutput> {
    const directory = vault.resolvePath(directoryPath, { trash: 'read' });
    const stat = await vault.statExisting(directory);
    if (stat.kind !== 'directory') throw new VaultError('NOT_A_DIRECTORY', `${directory} is a file, not a folder. Pass a folder path.`);
    const directories: string[] = [];
    let truncated = false;
    const budget = createAnswerBudget(vault.options.maxOutput);
    const enter = ({ path, depth, entry }: WalkedEntry) => depth < maxDepth + 1 && vault.isListed(path, 'directory', entry.target);
    for await (const { path, depth, entry } of walkVault(vault.fs, directory, { enter })) {
      if (entry.kind !== 'directory' || !vault.isListed(path, 'directory', entry.target)) continue;
      if (depth > maxDepth || directories.length === maxListedDirectories || !budget.take(path.length + 2)) {
        truncated = true;
        break;
      }
      directories.push(path);
    }
    return { directory, directories: directories.sort(comparePaths), truncated };
  },

  render(output, style = plainStyle) {
    const where = output.directory === '' ? 'the vault root' : style.path(`${output.directory}/`);
    const lines = output.directories.map((path) => style.path(`${path}/`));
    const summary = `${output.directories.length} ${output.directories.length === 1 ? 'folder' : 'folders'} below ${where}`;
    const note = output.truncated ? '; more folders exist below: list a subfolder, or raise `maxDepth`' : '';
    return [...lines, style.note(`[${summary}${note}]`)].join('\n');
  },
});
