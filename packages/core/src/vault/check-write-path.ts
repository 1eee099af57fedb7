import type { Vault } from './vault.js';
import { VaultError } from './vault-error.js';
import { extensionOf, isHiddenPath } from './vault-path.js';

/**
 * `Vault.checkWritePath`: where a path to write really leads (`VaultFs.resolveSymlinks`, also when
 * nothing is there yet), refused when a symlink takes it to a hidden path or, for a file, to another
 * extension. Resolves to that path (`path` itself without a link).
 */
export async function checkWritePath(vault: Vault, path: string, kind: 'file' | 'directory'): Promise<string> {
  const target = (await vault.fs.resolveSymlinks?.(path)) ?? path;
  if (target === path) return target;
  const { allowHidden, extensions } = vault.options;
  if (!allowHidden && isHiddenPath(target)) {
    throw new VaultError(
      'HIDDEN_PATH',
      `${path} leads through a symlink to ${target}, a hidden path the tools leave alone. Use a path without a link to a hidden place.`,
    );
  }
  if (kind === 'file' && !extensions.includes(extensionOf(target))) {
    throw new VaultError(
      'EXTENSION_NOT_ALLOWED',
      `${path} leads through a symlink to ${target}, and the tools only write ${extensions.join(' ')} files. Use a path that is not a link to another kind of file.`,
    );
  }
  return target;
}
