/** What `LineBreakCounter.count` found in a chunk. */
export interface LineBreakCount {
  /** LF bytes. */
  lf: number;
  /** LFs right after a CR (the CR may end the previous chunk). */
  crlf: number;
  /** NUL bytes. */
  nul: number;
}

/** Counts line breaks and NUL bytes in a file's chunks, in order, without decoding them. */
export interface LineBreakCounter {
  /**
   * Where to read the next chunk into: a chunk that is a view of it is counted where it is, without a
   * copy (views of one chunk read into it are expected in order: the byte before each is the last counted).
   */
  readonly buffer: Uint8Array;
  /** `simd` when WebAssembly SIMD counts (16 bytes at a time), `portable` where the runtime has none. */
  readonly kind: 'simd' | 'portable';
  count(chunk: Uint8Array): LineBreakCount;
}

/** `count-line-breaks.wat`, compiled (its test compiles the source again and compares). */
export const countLineBreaksWasm =
  'AGFzbQEAAAABBwFgAn9/AX8DAgEABQMBAAEGCwJ/AUEAC38BQQALBx8EBm1lbW9yeQIABGNybGYDAANudWwDAQVjb3VudAAACsIDAb8DAwR/CHsCf0EQIABqIQIgAiABaiEDIAIgAUFwcWohBAJAA0AgAiAETw0B/QwAAAAAAAAAAAAAAAAAAAAAIQj9DAAAAAAAAAAAAAAAAAAAAAAhCf0MAAAAAAAAAAAAAAAAAAAAACEKQf8BIQUCQANAIAIgBE8NASAFRQ0BIAL9AAQAIQYgBv0MCgoKCgoKCgoKCgoKCgoKCv0jIQcgCCAH/XEhCCAJIAcgAkEBa/0ABAD9DA0NDQ0NDQ0NDQ0NDQ0NDQ39I/1O/XEhCSAKIAb9DAAAAAAAAAAAAAAAAAAAAAD9I/1xIQogAkEQaiECIAVBAWshBQwACwsgCyAI/X39f/2uASELIAwgCf19/X/9rgEhDCANIAr9ff1//a4BIQ0MAAsLIAv9GwAgC/0bAWogC/0bAiAL/RsDamohDyAM/RsAIAz9GwFqIAz9GwIgDP0bA2pqJAAgDf0bACAN/RsBaiAN/RsCIA39GwNqaiQBAkADQCACIANPDQEgAi0AACEOIA5BCkYEQCAPQQFqIQ8gAkEBay0AAEENRgRAIwBBAWokAAsLIA5FBEAjAUEBaiQBCyACQQFqIQIMAAsLIA8L';

let compiled: WebAssembly.Module | null | undefined;

/** The compiled module, once; `null` where the runtime has no WebAssembly or no SIMD. */
function simdModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      compiled = new WebAssembly.Module(Uint8Array.from(atob(countLineBreaksWasm), (character) => character.charCodeAt(0)));
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/**
 * A counter for one file, with a buffer of `size` bytes to read its chunks into. Counting is what
 * makes a window at the end of a huge file cheap: about 0.1 s a gigabyte with SIMD, where splitting
 * the text into lines takes seconds. `simd: false` forces the portable counter (for tests).
 */
export function createLineBreakCounter(size: number, { simd = true } = {}): LineBreakCounter {
  const module = simd ? simdModule() : null;
  return module ? simdCounter(module, size) : portableCounter(size);
}

function simdCounter(module: WebAssembly.Module, size: number): LineBreakCounter {
  const exports = new WebAssembly.Instance(module).exports as {
    memory: WebAssembly.Memory;
    count(start: number, length: number): number;
    crlf: WebAssembly.Global;
    nul: WebAssembly.Global;
  };
  // The chunk goes at byte 16, after the previous chunk's last byte (at 15).
  exports.memory.grow(Math.ceil((size + 16) / 65_536));
  const memory = new Uint8Array(exports.memory.buffer);
  const buffer = memory.subarray(16, 16 + size);
  const countHere = (start: number, length: number): LineBreakCount => {
    const lf = exports.count(start, length);
    if (length > 0) memory[15] = memory[15 + start + length]!;
    return { lf, crlf: exports.crlf.value as number, nul: exports.nul.value as number };
  };
  return {
    buffer,
    kind: 'simd',
    count(chunk) {
      if (chunk.buffer === buffer.buffer && chunk.byteOffset >= 16 && chunk.byteOffset + chunk.length <= 16 + size)
        return countHere(chunk.byteOffset - 16, chunk.length);
      const total = { lf: 0, crlf: 0, nul: 0 };
      for (let start = 0; start < chunk.length; start += size) {
        const piece = chunk.subarray(start, start + size);
        buffer.set(piece);
        const counted = countHere(0, piece.length);
        total.lf += counted.lf;
        total.crlf += counted.crlf;
        total.nul += counted.nul;
      }
      return total;
    },
  };
}

function portableCounter(size: number): LineBreakCounter {
  let previous = 0;
  return {
    buffer: new Uint8Array(size),
    kind: 'portable',
    count(chunk) {
      const counted = { lf: 0, crlf: 0, nul: 0 };
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) {
        counted.lf += 1;
        if ((at === 0 ? previous : chunk[at - 1]) === 13) counted.crlf += 1;
      }
      for (let at = chunk.indexOf(0); at !== -1; at = chunk.indexOf(0, at + 1)) counted.nul += 1;
      if (chunk.length > 0) previous = chunk[chunk.length - 1]!;
      return counted;
    },
  };
}
