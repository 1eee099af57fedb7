import { VaultError } from '../vault/vault-error.js';

const bom = new Uint8Array([0xef, 0xbb, 0xbf]);
const encoder = new TextEncoder();

/** A decoded text file: its text without the BOM, and whether the file had one. */
export interface DecodedText {
  text: string;
  bom: boolean;
}

export function hasBom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === bom[0] && bytes[1] === bom[1] && bytes[2] === bom[2];
}

/** NOT_TEXT for a file holding NUL bytes. */
export function binaryFile(path: string): VaultError {
  return new VaultError(
    'NOT_TEXT',
    `${path} looks binary (it contains NUL bytes), so the text tools leave it alone. Only UTF-8 text files can be read or edited.`,
  );
}

/**
 * A strict UTF-8 decoder for content that arrives in chunks. It refuses binary content
 * (NUL bytes) and invalid UTF-8 with `NOT_TEXT`, so nothing is ever decoded lossily.
 * A leading BOM is dropped from the text (and reported by `hasBom` on the first chunk), unless
 * `midFile` says the content starts later in the file, where U+FEFF is a character like any other.
 */
export function createTextDecoder(path: string, { midFile = false } = {}): { decode(chunk: Uint8Array, final: boolean): string } {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: midFile });
  return {
    decode(chunk, final) {
      if (chunk.includes(0)) throw binaryFile(path);
      try {
        return decoder.decode(chunk, { stream: !final });
      } catch {
        throw new VaultError(
          'NOT_TEXT',
          `${path} is not valid UTF-8 (it may be Latin-1 or another encoding), so the text tools leave it alone rather than corrupt it. Convert it to UTF-8 first.`,
        );
      }
    },
  };
}

/** Half of a surrogate pair, alone: UTF-8 cannot encode it (an encoder writes U+FFFD instead). */
export const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Refuses text a tool was asked to write that it could not write faithfully or read back: a NUL
 * (the file would look binary, and every text tool would then refuse it) or half a surrogate pair
 * (UTF-8 cannot encode it; it would silently become U+FFFD).
 */
export function checkTextToWrite(text: string, parameter: string): void {
  const nul = text.indexOf('\0');
  if (nul !== -1) {
    throw new VaultError(
      'INVALID_ARGUMENT',
      `${parameter} holds a NUL character (at character ${nul}), which would make the file binary, and the text tools refuse binary files. Remove it.`,
    );
  }
  checkWholeCharacters(text, parameter);
}

/** Refuses text holding half a surrogate pair: it cannot be written, and it can match half of a character in a file. */
export function checkWholeCharacters(text: string, parameter: string): void {
  const lone = loneSurrogate.exec(text);
  if (lone) {
    throw new VaultError(
      'INVALID_ARGUMENT',
      `${parameter} holds half of a UTF-16 surrogate pair (at character ${lone.index}), which UTF-8 cannot encode and no file holds alone. Send the whole character.`,
    );
  }
}

export function decodeText(bytes: Uint8Array, path: string): DecodedText {
  return { text: createTextDecoder(path).decode(bytes, true), bom: hasBom(bytes) };
}

/** Characters encoded at a time by `encodeChunks`. */
const encodedPiece = 1 << 20;

/**
 * A text given as strings in a row, encoded as UTF-8 a piece at a time (at most a mebibyte of
 * characters each) into one buffer, the BOM first when asked: a large text is written without its
 * bytes ever being whole in memory. Each piece is a view of that buffer, valid until the next is
 * asked for. A surrogate pair split between two strings is encoded whole.
 */
export function* encodeChunks(chunks: Iterable<string>, withBom: boolean): Generator<Uint8Array> {
  if (withBom) yield bom.slice();
  // Three bytes at most for each UTF-16 unit.
  const buffer = new Uint8Array(3 * encodedPiece + 3);
  const encoded = (piece: string) => buffer.subarray(0, encoder.encodeInto(piece, buffer).written);
  let carried = '';
  for (const chunk of chunks) {
    for (let start = 0; start < chunk.length; start += encodedPiece) {
      let piece = carried + chunk.slice(start, start + encodedPiece);
      carried = '';
      const last = piece.charCodeAt(piece.length - 1);
      if (last >= 0xd800 && last <= 0xdbff) {
        carried = piece.slice(-1);
        piece = piece.slice(0, -1);
      }
      if (piece !== '') yield encoded(piece);
    }
  }
  if (carried !== '') yield encoded(carried);
}
