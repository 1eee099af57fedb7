import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { plainStyle } from '../text-style.js';
import { isVaultError, VaultError } from '../vault-error.js';
import { checkNewName, namesFolder, parentOf } from '../vault-path.js';

const outputSchema = z.object({ source: z.string(), destination: z.string(), kind: z.enum(['file', 'directory']) });
export type MoveOutput = z.output<typeof outputSchema>;

const inputSchema = z.strictObject({
  sourcePath: z.string().describe('The file or folder to move, vault-relative. A path inside .trash/ restores a removed file.'),
  destinationPath: z.string().describe('The new path, vault-relative. Must not exist yet; missing parent folders are created. A file keeps an allowed extension.'),
});

export const move = defineTool({
  name: 'Move',
  title: 'Move or rename a file or folder',
  description: [
    'Moves or renames a file or a folder inside the vault, like `mv -T`: destinationPath is the new path itself, not a folder to move into. It must not exist yet; its missing parent folders are created.',
    'A moved file keeps an allowed extension (.md, .txt, ...). To restore a file that RemoveFile put in the trash, move it from its .trash/ path back.',
    'Example: {"sourcePath": "inbox/idea.md", "destinationPath": "projects/idea.md"}.',
  ].join('\n'),
  inputSchema,
  outputSchema,
  effects: { readOnly: false, destructive: false, idempotent: false },

  async run({ sourcePath, destinationPath }, vault): Promise<MoveOutput> {
    const source = vault.resolvePath(sourcePath, { trash: 'restore' });
    const destination = vault.resolvePath(destinationPath);
    if (source === '' || destination === '') {
      throw new VaultError('INVALID_ARGUMENT', 'The vault root cannot be moved, nor replaced. Pass paths inside the vault.');
    }
    return vault.withLock([source, destination], async () => {
      const stat = await vault.statExisting(source);
      if (stat.kind === 'file') {
        if (namesFolder(sourcePath) || namesFolder(destinationPath)) {
          throw new VaultError('INVALID_ARGUMENT', `${source} is a file, and a path ending with a slash names a folder. Pass both paths without the trailing slash.`);
        }
        vault.checkExtension(source);
        vault.checkExtension(destination);
      }
      checkNewName(destination);
      // Judged where both really are, so that a link to the folder cannot carry it into itself.
      const [from, to] = [stat.target ?? source, await vault.checkWritePath(destination, stat.kind)];
      if (stat.kind === 'directory' && (to === from || to.startsWith(`${from}/`))) {
        throw new VaultError('INVALID_ARGUMENT', `${destination} is inside ${source}; a folder cannot be moved into itself. Choose a destination outside it.`);
      }
      if (await vault.stat(destination)) throw alreadyThere(destination);
      await vault.fs.makeDirectory(parentOf(destination));
      // The backend refuses atomically too: something may have appeared there since the check.
      await vault.fs.rename(source, destination).catch((error: unknown) => {
        throw isVaultError(error) && error.code === 'ALREADY_EXISTS' ? alreadyThere(destination) : error;
      });
      return { source, destination, kind: stat.kind };
    });
  },

  render(output, style = plainStyle) {
    return `Moved ${output.kind === 'file' ? 'file' : 'folder'} ${style.path(output.source)} to ${style.path(output.destination)}`;
  },
});

function alreadyThere(destination: string): VaultError {
  return new VaultError('ALREADY_EXISTS', `${destination} already exists, and Move never replaces anything. Choose another destination, or move or remove the existing one first.`);
}
