import { z } from 'zod';
import { fileHash } from '../../text/file-hash.js';
import { plainStyle } from '../../text/text-style.js';
import { VaultError } from '../../vault/vault-error.js';
import { escapeName } from '../../vault/vault-path.js';
import { defineTool } from '../define-tool.js';
import { checkHash } from '../text-edit/check-hash.js';
import { changeId, historyOf, shownIdLength } from './change-id.js';
import { sameBytes } from './plan-undo.js';

const outputSchema = z.object({
  path: z.string(),
  /** The change whose version of the file was brought back, as given. */
  change: z.string(),
  /** `restored` over the file there, `recreated` where no file was, `unchanged` when it already held that version. */
  action: z.enum(['restored', 'recreated', 'unchanged']),
  fileHash: z.string(),
});
export type RestoreOutput = z.output<typeof outputSchema>;

const inputSchema = z.strictObject({
  filePath: z.string().describe('The file to bring back, vault-relative: a removed file too (by the path it had).'),
  change: changeId.describe("The id of a change from the file's History: the file comes back as it was right after it."),
  expectedHash: z
    .string()
    .regex(/^[0-9a-fA-F]{16}$/, 'expectedHash must be a fileHash: the 16 hex characters TextRead and TextEdit return')
    .optional()
    .describe('Optional: the fileHash of the file as you read it; refused with STALE_FILE if it changed since.'),
});

export const restore = defineTool({
  name: 'Restore',
  title: 'Bring a file back to an earlier version',
  description: [
    'Brings one file back to how it was right after a change (an id from its History), as a new change: a removed file comes back at its path, an edited one gets that content. Other files are left as they are.',
    'To take back a whole change (all its files), use Undo instead. To look at the old version first, use TextRead with at.',
    'Example: {"filePath": "notes/todo.md", "change": "3f2a9c1b0d4e"}.',
  ].join('\n'),
  inputSchema,
  example: { filePath: 'notes/todo.md', change: '3f2a9c1b0d4e' },
  outputSchema,
  effects: { readOnly: false, destructive: true, idempotent: true },

  async run({ filePath, change, expectedHash }, vault): Promise<RestoreOutput> {
    const path = vault.resolveFile(filePath);
    vault.checkExtension(path);
    const bytes = await historyOf(vault).fileAt(path, change, vault.options.maxFileSize);
    if (bytes === undefined) {
      throw new VaultError('NOT_FOUND', `${path} did not exist right after change ${change}. Pick a change from History with filePath ${path}.`);
    }
    return vault.withLock([path], async () => {
      const stat = await vault.stat(path);
      if (stat?.kind === 'directory') throw new VaultError('NOT_A_FILE', `${path} is a folder now. Move it away first, or restore the file elsewhere.`);
      const current = stat ? await vault.fs.readFile(path) : null;
      if (current) await checkHash(vault, path, current, expectedHash);
      if (current && sameBytes(current, bytes)) return { path, change, action: 'unchanged', fileHash: await fileHash(bytes, vault.fs) };
      const written = await vault.writeText(path, bytes, { createParents: true, expected: current });
      return { path, change, action: current ? 'restored' : 'recreated', fileHash: written };
    });
  },

  render(output, style = plainStyle) {
    const id = style.lineNumber(output.change.slice(0, shownIdLength));
    const done = output.action === 'unchanged' ? 'already held' : output.action === 'recreated' ? 'is back, as it was after' : 'has its content from';
    return `${style.path(output.path)} ${done} change ${id}. fileHash: ${output.fileHash}`;
  },

  subject: (output) => `Restore: ${escapeName(output.path)} (as after ${output.change.slice(0, shownIdLength)})`,
});
