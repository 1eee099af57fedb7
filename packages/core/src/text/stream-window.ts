import { createLineBreakCounter } from './count-line-breaks.js';
import { type LineEnding, lineEndingOf } from './line-endings.js';
import type { LineWindow, WindowLine } from './line-window.js';
import { binaryFile, createTextDecoder, hasBom } from './text-codec.js';

/** Bytes read at a time when a file is streamed. */
export const streamChunkSize = 4 << 20;
/** Bytes between two checkpoints of a `LineIndex`: what a later window reads at most before its first line. */
const checkpointBytes = 1 << 18;

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

/**
 * What a scan of a whole file learnt, to read another window of it without a scan: its facts, and
 * where each chunk started with how many line breaks before it.
 */
export interface LineIndex {
  facts: Omit<StreamedWindow, 'lines'>;
  checkpoints: { byte: number; lineBreaks: number }[];
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

/** Reads a file's chunks into `buffer`, from byte `start` on. */
export type ReadChunks = (buffer: Uint8Array, start: number) => AsyncIterable<Uint8Array>;

/**
 * Fills `window` from a file read in chunks, without decoding the whole file: line breaks and NUL
 * bytes are counted on the raw bytes (with SIMD where the runtime has it), and only the bytes from
 * the window's first line on are decoded, until the window is full. A file small enough to edit
 * (`hash`) is also hashed and checked as UTF-8 throughout; a larger one is checked for NUL bytes
 * throughout, for UTF-8 where decoded, and gets no hash: see
 * docs/decisions/0012-huge-files-and-fast-reads.md. Gives the window and the file's `LineIndex`.
 */
export async function streamWindow(
  read: ReadChunks,
  { path, first, window, hasher, hash, hashUpTo }: StreamWindowOptions,
): Promise<StreamedWindow & { index: LineIndex }> {
  const counter = createLineBreakCounter(streamChunkSize);
  const checker = createTextDecoder(path);
  const feed = windowFeeder(path, first, window);
  const checkpoints: LineIndex['checkpoints'] = [];
  let hashing = hash;
  let bytes = 0;
  // The file's first bytes, until there are three: whether it starts with a BOM, whatever the chunks.
  let start: number[] = [];
  let lf = 0;
  let crlf = 0;
  // Bytes after the last line break: the last line, when it has no break.
  let afterLastBreak = 0;
  // Each chunk in blocks, a checkpoint at the start of each.
  for await (const chunk of read(counter.buffer, 0))
    for (const block of blocksOf(chunk)) {
      checkpoints.push({ byte: bytes, lineBreaks: lf });
      if (start.length < 3) start = [...start, ...block.subarray(0, 3 - start.length)];
      const counted = counter.count(block);
      if (counted.nul > 0) throw binaryFile(path);
      hashing &&= bytes + block.length <= hashUpTo;
      if (hashing) {
        hasher.update(block);
        checker.decode(block, false);
      }
      feed.chunk(block, bytes, lf, counted.lf);
      bytes += block.length;
      lf += counted.lf;
      crlf += counted.crlf;
      afterLastBreak = counted.lf > 0 ? block.length - 1 - block.lastIndexOf(10) : afterLastBreak + block.length;
    }
  if (hashing) checker.decode(new Uint8Array(0), true);
  const bom = hasBom(new Uint8Array(start));
  // A BOM alone before the first line break is no line of text.
  const lastLine = lf === 0 && bom ? afterLastBreak - 3 : afterLastBreak;
  const facts = {
    totalLines: lf + (lastLine > 0 ? 1 : 0),
    lineEnding: lineEndingOf(crlf, lf - crlf),
    bom,
    bytes,
    ...(hashing ? { fileHash: hasher.digest() } : {}),
  };
  return { lines: feed.end(), ...facts, index: { facts, checkpoints } };
}

/**
 * Fills `window` from a file scanned before, as `index` tells: reads from the last chunk that starts
 * before the window's first line, and stops once the window is full.
 */
export async function resumeWindow(
  read: ReadChunks,
  { path, first, window, index }: { path: string; first: number; window: LineWindow; index: LineIndex },
): Promise<StreamedWindow> {
  const counter = createLineBreakCounter(checkpointBytes);
  const feed = windowFeeder(path, first, window);
  const from = index.checkpoints.findLast((checkpoint) => checkpoint.byte === 0 || checkpoint.lineBreaks < first - 1) ?? { byte: 0, lineBreaks: 0 };
  let bytes = from.byte;
  let lf = from.lineBreaks;
  for await (const chunk of read(counter.buffer, from.byte)) {
    const counted = counter.count(chunk).lf;
    feed.chunk(chunk, bytes, lf, counted);
    if (window.full) break;
    bytes += chunk.length;
    lf += counted;
  }
  return { lines: feed.end(), ...index.facts };
}

/** Gives `window` the text of a file's chunks from the start of line `first` on, decoded, until it is full. */
function windowFeeder(path: string, first: number, window: LineWindow) {
  let decoder: ReturnType<typeof createTextDecoder> | undefined;
  return {
    /** The next chunk, which starts at byte `byte`, after `lineBreaks` line breaks, and holds `lineBreaksIn`. */
    chunk(chunk: Uint8Array, byte: number, lineBreaks: number, lineBreaksIn: number) {
      if (window.full) return;
      let from = 0;
      if (!decoder) {
        if (lineBreaks + lineBreaksIn < first - 1) return;
        from = afterBreaks(chunk, first - 1 - lineBreaks);
        decoder = createTextDecoder(path, { midFile: byte + from > 0 });
      }
      window.push(decoder.decode(chunk.subarray(from), false));
    },
    /** The end of the file (or of the reading): the window's lines. */
    end(): WindowLine[] {
      if (decoder && !window.full) window.push(decoder.decode(new Uint8Array(0), true));
      return window.finish().lines;
    },
  };
}

/** The chunk in blocks of `checkpointBytes`. */
function* blocksOf(chunk: Uint8Array): Generator<Uint8Array> {
  for (let start = 0; start < chunk.length; start += checkpointBytes) yield chunk.subarray(start, start + checkpointBytes);
}

/** Where the text after the first `count` LFs of `chunk` starts (0 for none). */
function afterBreaks(chunk: Uint8Array, count: number): number {
  let at = 0;
  for (let seen = 0; seen < count; seen += 1) at = chunk.indexOf(10, at) + 1;
  return at;
}
