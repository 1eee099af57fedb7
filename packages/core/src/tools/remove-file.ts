import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { findBacklinks } from '../links/find-backlinks.js';
import { linkBudget } from '../links/link-budget.js';
import { plainStyle } from '../text/text-style.js';
import { isVaultError, VaultError } from '../vault/vault-error.js';
import { moveToTrash } from '../vault/move-to-trash.js';
import { escapeName, isInTrash } from '../vault/vault-path.js';

/** Notes linking to the removed file that an answer names; `linkedFromTotal` counts them all. */
export const maxListedBacklinks = 50;

const outputSchema = z.object({
  path: z.string(),
  /** Where the file went, inside the vault's .trash/ folder. */
  trashPath: z.string(),
  /** Notes whose links led to the file (now broken), the first `maxListedBacklinks`; absent when not checked within the time budget. */
  linkedFrom: z.array(z.string()).optional(),
  linkedFromTotal: z.number().optional(),
  /** True when nothing was done now: this same call moved it to the trash before (a retried call). */
  alreadyApplied: z.boolean().optional(),
});
export type RemoveFileOutput = z.output<typeof outputSchema>;

const inputSchema = z.strictObject({
  filePath: z.string().describe('The file to remove, vault-relative. Folders cannot be removed.'),
});

export const removeFile = defineTool({
  name: 'RemoveFile',
  title: 'Move a file to the trash',
  description: [
    'Removes a file (not a folder) from where it is by moving it into the vault\'s .trash/ folder, keeping its relative path (with a ~2, ~3 ... suffix if the trash already holds one). Nothing is deleted for good: Move the returned trash path back to restore it; later, TextSearch on the folder ".trash" with no query lists the whole trash, subfolders included, in one call. Names the notes linking to it.',
    'Example: {"filePath": "inbox/old-idea.md"} moves it to .trash/inbox/old-idea.md.',
  ].join('\n'),
  inputSchema,
  example: { filePath: 'inbox/old-idea.md' },
  outputSchema,
  effects: { readOnly: false, destructive: true, idempotent: false },

  async run({ filePath }, vault, { signal }): Promise<RemoveFileOutput> {
    const path = vault.resolveFile(filePath);
    if (isInTrash(path)) {
      throw new VaultError('INVALID_ARGUMENT', `${path} is already in the trash, and nothing is ever deleted for good. Move it out of .trash/ to restore it.`);
    }
    return vault.withLock([path], async () => {
      const stat = await vault.statExisting(path);
      if (stat.kind !== 'file')
        throw new VaultError('NOT_A_FILE', `${path} is a folder, and RemoveFile removes files only. Move its files one by one, or Move the folder elsewhere.`);
      vault.checkExtension(path);
      const linkedFrom = await findBacklinks(vault, path, linkBudget(vault, signal)).catch((error: unknown) => {
        // Past the time budget the file is still removed; the answer says its links were not checked.
        if (isVaultError(error) && error.code === 'TIMEOUT') return undefined;
        throw error;
      });
      const trashPath = await moveToTrash(vault, path);
      return linkedFrom ? { path, trashPath, linkedFrom: linkedFrom.slice(0, maxListedBacklinks), linkedFromTotal: linkedFrom.length } : { path, trashPath };
    });
  },

  subject: (output) => `RemoveFile: ${escapeName(output.path)}`,

  retried: {
    left: async ({ path, trashPath }) => [
      { path, holds: 'nothing' },
      { path: trashPath, holds: 'something' },
    ],
    answer: (output) => ({ ...output, alreadyApplied: true }),
  },

  render(output, style = plainStyle) {
    const moved = `${style.path(output.path)} to the trash: ${style.path(output.trashPath)} (Move it back to restore it; TextSearch on the folder .trash lists the trash)`;
    const removed = output.alreadyApplied ? `Already applied, nothing changed now: this call moved ${moved}` : `Moved ${moved}`;
    const { linkedFrom, linkedFromTotal } = output;
    if (linkedFrom === undefined || linkedFromTotal === undefined) return `${removed}; links to it not checked (over the time budget)`;
    if (linkedFromTotal === 0) return removed;
    const more = linkedFromTotal > linkedFrom.length ? [`[${linkedFromTotal - linkedFrom.length} more not shown]`] : [];
    return [
      `${removed}; ${linkedFromTotal} note${linkedFromTotal === 1 ? '' : 's'} linked to it, now broken:`,
      ...linkedFrom.map((note) => style.path(note)),
      ...more,
    ].join('\n');
  },
});
