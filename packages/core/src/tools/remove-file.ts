import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { plainStyle } from '../text-style.js';
import type { Vault } from '../vault.js';
import { VaultError } from '../vault-error.js';
import { isInTrash, joinVaultPath, parentOf, trashFolder } from '../vault-path.js';

export interface RemoveFileOutput {
  path: string;
  /** Where the file went, inside the vault's .trash/ folder. */
  trashPath: string;
}

const inputSchema = z.object({
  filePath: z.string().describe('The file to remove, vault-relative. Folders cannot be removed.'),
});

export const removeFile = defineTool({
  name: 'RemoveFile',
  title: 'Move a file to the trash',
  description: [
    'Removes a file (not a folder) from where it is by moving it into the vault\'s .trash/ folder, keeping its relative path (with a ~2, ~3 ... suffix if the trash already holds one). Nothing is deleted for good: Move the returned trash path back to restore it.',
    'Example: {"filePath": "inbox/old-idea.md"} moves it to .trash/inbox/old-idea.md.',
  ].join('\n'),
  inputSchema,
  effects: { readOnly: false, destructive: true, idempotent: false },

  async run({ filePath }, vault): Promise<RemoveFileOutput> {
    const path = vault.resolveFile(filePath);
    if (isInTrash(path)) {
      throw new VaultError('INVALID_ARGUMENT', `${path} is already in the trash, and nothing is ever deleted for good. Move it out of .trash/ to restore it.`);
    }
    return vault.withLock([path], async () => {
      const stat = await vault.statExisting(path);
      if (stat.kind !== 'file') throw new VaultError('NOT_A_FILE', `${path} is a folder, and RemoveFile removes files only. Move its files one by one, or Move the folder elsewhere.`);
      const trashPath = await freeTrashPath(vault, joinVaultPath(trashFolder, path));
      await vault.fs.makeDirectory(parentOf(trashPath));
      await vault.fs.rename(path, trashPath);
      return { path, trashPath };
    });
  },

  render(output, style = plainStyle) {
    return `Moved ${style.path(output.path)} to the trash: ${style.path(output.trashPath)} (Move it back to restore it)`;
  },
});

/** `wanted` if nothing is there, else the first free `name~N.ext`. */
async function freeTrashPath(vault: Vault, wanted: string): Promise<string> {
  const slash = wanted.lastIndexOf('/');
  const dot = wanted.lastIndexOf('.');
  const [stem, extension] = dot > slash + 1 ? [wanted.slice(0, dot), wanted.slice(dot)] : [wanted, ''];
  let candidate = wanted;
  for (let suffix = 2; await vault.stat(candidate); suffix += 1) candidate = `${stem}~${suffix}${extension}`;
  return candidate;
}
