import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { plainStyle, type TextStyle } from '../text/text-style.js';
import { VaultError } from '../vault/vault-error.js';
import { escapeName, joinVaultPath } from '../vault/vault-path.js';
import { comparePaths } from '../vault/compare-paths.js';
import { createAnswerBudget } from './answer-budget.js';

/** Files one ListFiles call lists unless maxResults says otherwise. */
export const defaultListedFiles = 200;

export interface ListFilesOutput {
  directory: string;
  /** The allowed files directly in the folder, by name (relative to the folder), sorted, with their sizes in bytes: the first maxResults of them, within the answer's bound. */
  files: { name: string; size: number }[];
  /** How many allowed files the folder holds, listed or not. */
  totalFiles: number;
  /** How many folders sit in the folder (not listed; see ListDirectories). */
  folders: number;
}

/** The structured form: each file as the text shows it, `name size` (an object per file would cost twice the tokens). */
const outputSchema = z.object({ directory: z.string(), files: z.array(z.string()), totalFiles: z.number(), folders: z.number() });

const inputSchema = z.strictObject({
  directoryPath: z.string().optional().describe('The folder to list, vault-relative. Default: the vault root.'),
  maxResults: z.number().int().min(1).default(defaultListedFiles).describe(`The most files to list. Default ${defaultListedFiles}; the total is always given.`),
});

export const listFiles = defineTool({
  name: 'ListFiles',
  title: 'List the files in a folder',
  description: [
    `Lists the text files directly in one folder of the vault (not recursive), by name relative to the folder, with their sizes in bytes: the first ${defaultListedFiles} unless maxResults says otherwise, and always the total. Folders are only counted; hidden files and other extensions are left out.`,
    'Use ListDirectories to see the folder tree, and TextSearch with a name glob and no query to find files by name at any depth. The trash is listed when asked for: {"directoryPath": ".trash"} shows what RemoveFile removed (Move restores it).',
    'Example: {"directoryPath": "notes"}.',
  ].join('\n'),
  inputSchema,
  example: { directoryPath: 'notes' },
  outputSchema,
  effects: { readOnly: true, destructive: false, idempotent: true },

  async run({ directoryPath = '', maxResults }, vault): Promise<ListFilesOutput> {
    const directory = vault.resolvePath(directoryPath, { trash: 'read' });
    const stat = await vault.statExisting(directory);
    if (stat.kind !== 'directory') throw new VaultError('NOT_A_DIRECTORY', `${directory} is a file, not a folder. Read it with TextRead.`);
    const files: ListFilesOutput['files'] = [];
    let folders = 0;
    for (const entry of await vault.fs.readDirectory(directory)) {
      if (!vault.isListed(joinVaultPath(directory, entry.name), entry.kind, entry.target)) continue;
      if (entry.kind === 'directory') folders += 1;
      else files.push({ name: entry.name, size: entry.size });
    }
    files.sort((a, b) => comparePaths(a.name, b.name));
    // Within the answer's bound too: a line costs the name, escaped, and the size.
    const listed: ListFilesOutput['files'] = [];
    const budget = createAnswerBudget(vault.options.maxOutput);
    for (const file of files.slice(0, maxResults)) {
      if (!budget.take(escapeName(file.name).length + 20)) break;
      listed.push(file);
    }
    return { directory, files: listed, totalFiles: files.length, folders };
  },

  render(output, style = plainStyle) {
    const where = output.directory === '' ? 'the vault root' : style.path(`${output.directory}/`);
    const lines = output.files.map((file) => fileLine(file, style));
    const folders = output.folders === 0 ? '' : `; ${output.folders} ${output.folders === 1 ? 'folder' : 'folders'} not listed (see ListDirectories)`;
    const count = `${output.totalFiles} ${output.totalFiles === 1 ? 'file' : 'files'} in ${where}${output.files.length > 0 ? ', sizes in bytes' : ''}`;
    const cut =
      output.files.length < output.totalFiles
        ? `; showing the first ${output.files.length} (raise \`maxResults\`, or find files by name with TextSearch's \`filePattern\`)`
        : '';
    return [...lines, style.note(`[${count}${cut}${folders}]`)].join('\n');
  },

  // Names escaped, as the text shows them.
  structure: (output) => ({ ...output, files: output.files.map((file) => fileLine(file, { ...plainStyle, path: escapeName })) }),
});

function fileLine(file: { name: string; size: number }, style: TextStyle): string {
  return `${style.path(file.name)} ${style.note(String(file.size))}`;
}
