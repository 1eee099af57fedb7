import { createLineBreakCounter } from './count-line-breaks.js';
import { type LineEnding, lineEndingOf } from './line-endings.js';
import type { LineWindow, WindowLine } from './line-window.js';
import { binaryFile, createTextDecoder, hasBom } from './text-codec.js';

/** Bytes read at a time when a file is streamed. */
export const streamChunkSize = 4 << 20;

/** A window of a streamed file, with the file-wide facts TextRead reports. */
export interface StreamedWindow {
  lines: WindowLine[];
  totalLines: number;
  lineEnding: LineEnding;
  bom: boolean;
  /** The file's hash, when it was hashed (see `StreamWindowOptions.hash`). */
  fileHash?: string;
  /** The bytes read. */
  bytes: number;
}

export interface StreamWindowOptions {
  path: string;
  /** The window's first line: `window` numbers its lines from it, and is given the text from its start on. */
  first: number;
  window: LineWindow;
  hasher: { update(chunk: Uint8Array): void; digest(): string };
  /**
   * Whether to hash the file and check it as UTF-8 throughout (a file small enough to edit), as long
   * as it is at most `hashUpTo` bytes; else it is checked only where decoded.
   */
  hash: boolean;
  hashUpTo: number;
}

/**
 * Fills `window` from a file read in chunks (`read` reads them into the buffer it is given), without
 * decoding the whole file: line breaks and NUL bytes are counted on the raw bytes (with SIMD where
 * the runtime has it), and only the bytes from the window's first line on are decoded, until the
 * window is full. A file small enough to edit (`hash`) is also hashed and checked as UTF-8
 * throughout; a larger one is checked for NUL bytes throughout, for UTF-8 where decoded, and gets no
 * hash: see docs/decisions/0012-huge-files-and-fast-reads.md.
 */
export async function streamWindow(read: (buffer: Uint8Array) => AsyncIterable<Uint8Array>, { path, first, window, hasher, hash, hashUpTo }: StreamWindowOptions): Promise<StreamedWindow> {
  const counter = createLineBreakCounter(streamChunkSize);
  const checker = createTextDecoder(path);
  let windowDecoder: ReturnType<typeof createTextDecoder> | undefined;
  let hashing = hash;
  let bytes = 0;
  // The file's first bytes, until there are three: whether it starts with a BOM, whatever the chunks.
  let start: number[] = [];
  let lf = 0;
  let crlf = 0;
  // Bytes after the last line break: the last line, when it has no break.
  let afterLastBreak = 0;
  for await (const chunk of read(counter.buffer)) {
    if (start.length < 3) start = [...start, ...chunk.subarray(0, 3 - start.length)];
    const counted = counter.count(chunk);
    if (counted.nul > 0) throw binaryFile(path);
    bytes += chunk.length;
    hashing &&= bytes <= hashUpTo;
    if (hashing) {
      hasher.update(chunk);
      checker.decode(chunk, false);
    }
    if (!window.full) {
      let from = windowDecoder ? 0 : -1;
      if (!windowDecoder && lf + counted.lf >= first - 1) {
        from = afterBreaks(chunk, first - 1 - lf);
        windowDecoder = createTextDecoder(path, { midFile: bytes - chunk.length + from > 0 });
      }
      if (windowDecoder) window.push(windowDecoder.decode(chunk.subarray(from), false));
    }
    lf += counted.lf;
    crlf += counted.crlf;
    afterLastBreak = counted.lf > 0 ? chunk.length - 1 - chunk.lastIndexOf(10) : afterLastBreak + chunk.length;
  }
  if (hashing) checker.decode(new Uint8Array(0), true);
  if (windowDecoder && !window.full) window.push(windowDecoder.decode(new Uint8Array(0), true));
  const bom = hasBom(new Uint8Array(start));
  // A BOM alone before the first line break is no line of text.
  const lastLine = lf === 0 && bom ? afterLastBreak - 3 : afterLastBreak;
  return {
    lines: window.finish().lines,
    totalLines: lf + (lastLine > 0 ? 1 : 0),
    lineEnding: lineEndingOf(crlf, lf - crlf),
    bom,
    bytes,
    ...(hashing ? { fileHash: hasher.digest() } : {}),
  };
}

/** Where the text after the first `count` LFs of `chunk` starts (0 for none). */
function afterBreaks(chunk: Uint8Array, count: number): number {
  let at = 0;
  for (let seen = 0; seen < count; seen += 1) at = chunk.indexOf(10, at) + 1;
  return at;
}
