import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { countOf } from '../text/line-endings.js';
import { plainStyle } from '../text/text-style.js';
import { VaultError } from '../vault/vault-error.js';
import { checkTextToWrite } from '../text/text-codec.js';
import { fileHash } from '../text/file-hash.js';
import type { Vault } from '../vault/vault.js';
import { checkNewName, escapeName, parentOf } from '../vault/vault-path.js';

const outputSchema = z.object({
  path: z.string(),
  /** `created` for a new file, `replaced` when an existing file was overwritten, `unchanged` when it already held exactly this content (a retried call: nothing written). */
  action: z.enum(['created', 'replaced', 'unchanged']),
  totalLines: z.number(),
  fileHash: z.string(),
});
export type TextCreateOutput = z.output<typeof outputSchema>;

const inputSchema = z.strictObject({
  filePath: z.string().describe('The file to write: a vault-relative path such as notes/ideas.md, with an allowed extension (.md, .txt, ...).'),
  content: z.string().describe('The whole content of the file, written as UTF-8 exactly as given.'),
  overwrite: z.boolean().default(false).describe('Replace the file if it already exists. Default false: an existing file is an error.'),
  createDirectories: z.boolean().default(true).describe('Create missing parent folders. Default true.'),
});

export const textCreate = defineTool({
  name: 'TextCreate',
  title: 'Create or replace a text file',
  description: [
    'Writes a whole text file in the vault, atomically, and returns whether it was created or replaced, its line count and its fileHash.',
    'By default it refuses to touch an existing file (ALREADY_EXISTS); set overwrite to true to replace one. Missing parent folders are created unless createDirectories is false.',
    'To change part of an existing file, use TextEdit instead: it keeps everything you do not touch. Paths are vault-relative.',
    'Example: {"filePath": "notes/meeting-2026-01-05.md", "content": "# Meeting\\n\\n- agenda\\n"}.',
  ].join('\n'),
  inputSchema,
  example: { filePath: 'notes/meeting-2026-01-05.md', content: '# Meeting\n\n- agenda\n' },
  outputSchema,
  effects: { readOnly: false, destructive: true, idempotent: true },

  async run({ filePath, content, overwrite, createDirectories }, vault): Promise<TextCreateOutput> {
    const path = vault.resolveFile(filePath);
    checkTextToWrite(content, 'content');
    return vault.withLock([path], async () => {
      const existing = await vault.stat(path);
      if (existing?.kind === 'directory') throw new VaultError('NOT_A_FILE', `${path} is a folder. Choose a file path for the new file.`);
      vault.checkExtension(path);
      // A retried call whose file is already there with this very content is answered so, not refused (decision 0019).
      if (existing && !overwrite && (await holds(vault, path, existing.size, content))) {
        return { path, action: 'unchanged', totalLines: linesOf(content), fileHash: await fileHash(new TextEncoder().encode(content), vault.fs) };
      }
      if (existing && !overwrite) {
        throw new VaultError(
          'ALREADY_EXISTS',
          `${path} already exists. Call again with \`overwrite: true\` to replace it, or use TextEdit to change part of it.`,
        );
      }
      if (!existing) checkNewName(path);
      const parent = parentOf(path);
      if (!createDirectories && parent !== '') {
        const folder = await vault.stat(parent);
        if (!folder) throw new VaultError('NOT_FOUND', `The folder ${parent} does not exist. Create it by calling again with \`createDirectories: true\`.`);
        if (folder.kind !== 'directory') throw new VaultError('NOT_A_DIRECTORY', `${parent} is a file, not a folder. Choose another path.`);
      }
      const written = await vault.writeText(
        path,
        { chunks: [content], bom: false },
        { createParents: createDirectories, ...(overwrite ? {} : { expected: null }) },
      );
      return {
        path,
        action: existing ? 'replaced' : 'created',
        totalLines: linesOf(content),
        fileHash: written,
      };
    });
  },

  subject: (output) => `TextCreate: ${escapeName(output.path)}`,

  // A retry is told in `run` (the file holds exactly this content); the history may find the same (another server's).
  retried: { answer: (output) => ({ ...output, action: 'unchanged' as const }) },

  render(output, style = plainStyle) {
    if (output.action === 'unchanged')
      return `Already applied: ${style.path(output.path)} holds exactly this content, so nothing was written. fileHash: ${output.fileHash}`;
    return `${output.action === 'created' ? 'Created' : 'Replaced'} ${style.path(output.path)}: ${output.totalLines} ${output.totalLines === 1 ? 'line' : 'lines'}. fileHash: ${output.fileHash}`;
  },
});

const linesOf = (content: string) => (content === '' ? 0 : countOf(content, '\n') + (content.endsWith('\n') ? 0 : 1));

/** Whether the file holds exactly `content` (UTF-8, no BOM): its size first, then its bytes. */
async function holds(vault: Vault, path: string, size: number, content: string): Promise<boolean> {
  const bytes = new TextEncoder().encode(content);
  if (size !== bytes.length || size > vault.options.maxFileSize) return false;
  const existing = await vault.fs.readFile(path).catch(() => undefined);
  return existing !== undefined && existing.length === bytes.length && existing.every((byte, index) => byte === bytes[index]);
}
