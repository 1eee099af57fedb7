import { decodeText, type DecodedText } from '../text/text-codec.js';
import type { Vault } from './vault.js';
import { VaultError } from './vault-error.js';

/** `Vault.readText`: a text file loaded whole, refusing folders (`statFile`), files over `maxFileSize` and non-text content. */
export async function readText(vault: Vault, path: string): Promise<DecodedText & { bytes: Uint8Array }> {
  const stat = await vault.statFile(path);
  const limit = vault.options.maxFileSize;
  if (stat.size > limit) {
    throw new VaultError(
      'FILE_TOO_LARGE',
      `${path} is ${stat.size} bytes, over this vault's limit of ${limit} bytes for loading a file whole. Read it in windows with TextRead, or raise the limit.`,
    );
  }
  const bytes = await vault.fs.readFile(path);
  return { ...decodeText(bytes, path), bytes };
}
