import { createFileHasher } from '../text/file-hash.js';
import { encodeChunks } from '../text/text-codec.js';
import type { Vault } from './vault.js';
import { VaultError } from './vault-error.js';
import type { WriteFileOptions } from './vault-fs.js';
import { parentOf } from './vault-path.js';

/**
 * A text to write: the strings that make it up, in a row, and whether the file starts with a BOM. A
 * large file's new text is given as its pieces and never joined whole (decision 0012).
 */
export interface TextToWrite {
  chunks: readonly string[];
  bom: boolean;
}

/** How to write: whether to create the parent folders first, and (`WriteFileOptions`) what the file must still hold. */
export interface WriteTextOptions extends WriteFileOptions {
  createParents: boolean;
}

/**
 * The one way core writes a file (TextCreate, TextEdit, Move's link rewrites, Undo and Restore). Refuses a path that
 * leads through a symlink where the rules forbid (`checkWritePath`: where the path really leads is
 * located here, once per write), then a text over `maxFileSize` bytes; creates the parent folders if
 * asked; encodes the text a piece at a time, hashing each piece as it goes to the backend, which writes
 * atomically. Returns the written file's `fileHash`.
 */
export async function writeText(vault: Vault, path: string, text: TextToWrite | Uint8Array, { createParents, ...write }: WriteTextOptions): Promise<string> {
  await vault.checkWritePath(path, 'file');
  const parent = parentOf(path);
  if (createParents && parent !== '') {
    // No folder is made for a text that is too large: it is measured first (elsewhere as it is written).
    checkSize(path, text, vault.options.maxFileSize);
    await vault.fs.makeDirectory(parent);
  }
  const hasher = createFileHasher(vault.fs);
  await vault.fs.writeFile(path, hashedWithin(piecesOf(text), hasher, path, vault.options.maxFileSize), write);
  return hasher.digest();
}

/** Refuses a text over `limit` bytes in UTF-8, the BOM included. */
export function checkSize(path: string, text: TextToWrite | Uint8Array, limit: number): void {
  let size = 0;
  for (const piece of piecesOf(text)) size += piece.length;
  if (size > limit) throw tooLarge(path, size, limit);
}

/**
 * The encoded pieces, each given to `hasher` before it goes on. Past `limit` bytes none goes on: the
 * rest is only counted, and the write fails with FILE_TOO_LARGE at its next piece, leaving the file as
 * it was (backends write atomically).
 */
export function* hashedWithin(pieces: Iterable<Uint8Array>, hasher: { update(piece: Uint8Array): void }, path: string, limit: number): Generator<Uint8Array> {
  let size = 0;
  for (const piece of pieces) {
    size += piece.length;
    if (size > limit) continue;
    hasher.update(piece);
    yield piece;
  }
  if (size > limit) throw tooLarge(path, size, limit);
}

/** The bytes of a text to write: a text's pieces encoded, or bytes as they are (Undo and Restore bring back a file's exact bytes). */
function piecesOf(text: TextToWrite | Uint8Array): Iterable<Uint8Array> {
  return text instanceof Uint8Array ? [text] : encodeChunks(text.chunks, text.bom);
}

function tooLarge(path: string, size: number, limit: number): VaultError {
  return new VaultError(
    'FILE_TOO_LARGE',
    `${path} would be ${size} bytes, over this vault's limit of ${limit} bytes for a file, so nothing was written. Write a smaller file, or raise the limit.`,
  );
}
