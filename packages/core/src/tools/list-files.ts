import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { plainStyle } from '../text-style.js';
import { VaultError } from '../vault-error.js';
import { joinVaultPath } from '../vault-path.js';
import { comparePaths } from '../walk-files.js';

/** Files one ListFiles call lists unless maxResults says otherwise. */
export const defaultListedFiles = 200;

export interface ListFilesOutput {
  directory: string;
  /** The allowed files directly in the folder, sorted by path, with their sizes in bytes: the first maxResults of them, within the answer's bound. */
  files: { path: string; size: number }[];
  /** How many allowed files the folder holds, listed or not. */
  totalFiles: number;
  /** How many folders sit in the folder (not listed; see ListDirectories). */
  folders: number;
}

const inputSchema = z.strictObject({
  directoryPath: z.string().describe('The folder to list, vault-relative; "" or "." for the vault root.'),
  maxResults: z.number().int().min(1).optional().describe(`The most files to list. Default ${defaultListedFiles}; the total is always given.`),
});

export const listFiles = defineTool({
  name: 'ListFiles',
  title: 'List the files in a folder',
  description: [
    `Lists the text files directly in one folder of the vault (not recursive), with their sizes in bytes, sorted by path: the first ${defaultListedFiles} unless maxResults says otherwise, and always the total. Folders are not listed, only counted; hidden files and files with other extensions are left out.`,
    'Use ListDirectories to see the folder tree, and TextSearch with a file-name glob to find files at any depth.',
    'Example: {"directoryPath": "notes"}.',
  ].join('\n'),
  inputSchema,
  effects: { readOnly: true, destructive: false, idempotent: true },

  async run({ directoryPath, maxResults = defaultListedFiles }, vault): Promise<ListFilesOutput> {
    const directory = vault.resolvePath(directoryPath);
    const stat = await vault.statExisting(directory);
    if (stat.kind !== 'directory') throw new VaultError('NOT_A_DIRECTORY', `${directory} is a file, not a folder. Read it with TextRead.`);
    const files: ListFilesOutput['files'] = [];
    let folders = 0;
    for (const entry of await vault.fs.readDirectory(directory)) {
      const path = joinVaultPath(directory, entry.name);
      if (!vault.isListed(path, entry.kind, entry.target)) continue;
      if (entry.kind === 'directory') folders += 1;
      else files.push({ path, size: entry.size });
    }
    files.sort((a, b) => comparePaths(a.path, b.path));
    // Within the answer's bound too (less room for the summary line): a line costs the path and the size.
    const listed: ListFilesOutput['files'] = [];
    let budget = vault.options.maxOutput - 1000;
    for (const file of files.slice(0, maxResults)) {
      budget -= file.path.length + 20;
      if (budget < 0) break;
      listed.push(file);
    }
    return { directory, files: listed, totalFiles: files.length, folders };
  },

  render(output, style = plainStyle) {
    const where = output.directory === '' ? 'the vault root' : style.path(`${output.directory}/`);
    const lines = output.files.map((file) => `${style.path(file.path)} ${style.note(`(${file.size} bytes)`)}`);
    const folders = output.folders === 0 ? '' : `; ${output.folders} ${output.folders === 1 ? 'folder' : 'folders'} not listed (see ListDirectories)`;
    const count = `${output.totalFiles} ${output.totalFiles === 1 ? 'file' : 'files'} in ${where}`;
    const cut = output.files.length < output.totalFiles ? `; showing the first ${output.files.length} (raise maxResults, or find files by name with TextSearch's filePattern)` : '';
    return [...lines, style.note(`[${count}${cut}${folders}]`)].join('\n');
  },
});
