import type { Vault } from '../../vault/vault.js';
import { VaultError } from '../../vault/vault-error.js';
import type { Change } from './change-of.js';

/** V8's longest string, in UTF-16 code units: a result longer than this cannot be built. */
const maxStringLength = 2 ** 29 - 24;

/**
 * Refuses, before anything is built, an edit whose result would be over the vault's file size limit
 * (or longer than a JavaScript string can be): a replaceAll that grows a file could otherwise take the
 * process down. The estimate is an upper bound (a CRLF in the replaced text only shrinks it).
 */
export function checkResultSize(vault: Vault, path: string, file: { bytes: Uint8Array; text: string }, change: Change, count: number): void {
  const encoder = new TextEncoder();
  const bytes = file.bytes.length + count * (encoder.encode(change.inserted).length - encoder.encode(change.removed).length);
  const characters = file.text.length + count * (change.inserted.length - change.removed.length);
  const edit = `The edit (${count} ${count === 1 ? 'replacement' : 'replacements'})`;
  if (bytes > vault.options.maxFileSize) {
    throw new VaultError(
      'FILE_TOO_LARGE',
      `${edit} would make ${path} about ${bytes} bytes, over this vault's limit of ${vault.options.maxFileSize} bytes, so nothing was changed. Replace fewer occurrences or with shorter text, or raise the limit.`,
    );
  }
  if (characters > maxStringLength) {
    throw new VaultError(
      'FILE_TOO_LARGE',
      `${edit} would make ${path} about ${characters} characters, more than a JavaScript string can hold (${maxStringLength}), so nothing was changed. Replace fewer occurrences or with shorter text.`,
    );
  }
}
