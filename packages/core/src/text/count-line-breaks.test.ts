import { readFileSync } from 'node:fs';
import wabtInit from 'wabt';
import { describe, expect, it } from 'vitest';
import { countLineBreaksWasm, createLineBreakCounter } from './count-line-breaks.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('createLineBreakCounter', () => {
  it('holds count-line-breaks.wat compiled', async () => {
    const wabt = await wabtInit();
    const source = readFileSync(new URL('./count-line-breaks.wat', import.meta.url), 'utf8');
    const { buffer } = wabt.parseWat('count-line-breaks.wat', source, { simd: true }).toBinary({});
    expect(Buffer.from(buffer).toString('base64')).toBe(countLineBreaksWasm);
  });

  it('counts with SIMD on this runtime, and portably when asked', () => {
    expect(createLineBreakCounter(64).kind).toBe('simd');
    expect(createLineBreakCounter(64, { simd: false }).kind).toBe('portable');
  });

  describe.each([true, false])('simd: %s', (simd) => {
    it('counts LFs, CRLFs and NULs, in vectors and in the tail', () => {
      const counter = createLineBreakCounter(1024, { simd });
      // 40 bytes: two whole vectors and a tail of 8.
      const text = 'a\r\nb\nc\0\r\r\n\n0123456789abcdef\r\nxyz\0\n\r\n\nABC';
      expect(text.length).toBe(40);
      expect(counter.count(bytes(text))).toEqual({ lf: 8, crlf: 4, nul: 2 });
      expect(counter.count(bytes(''))).toEqual({ lf: 0, crlf: 0, nul: 0 });
      expect(counter.count(bytes('no break'))).toEqual({ lf: 0, crlf: 0, nul: 0 });
    });

    it('counts a CR that ends one chunk and the LF that starts the next as a CRLF, in either path', () => {
      const counter = createLineBreakCounter(1024, { simd });
      expect(counter.count(bytes('one\r'))).toEqual({ lf: 0, crlf: 0, nul: 0 });
      expect(counter.count(bytes('\ntwo\n'))).toEqual({ lf: 2, crlf: 1, nul: 0 });
      // A chunk read into the counter's own buffer is counted where it is.
      const view = counter.buffer.subarray(0, 3);
      view.set(bytes('\n\r\r'));
      expect(counter.count(view)).toEqual({ lf: 1, crlf: 0, nul: 0 });
      counter.buffer.set(bytes('\n'));
      expect(counter.count(counter.buffer.subarray(0, 1))).toEqual({ lf: 1, crlf: 1, nul: 0 });
      expect(counter.count(bytes('\n'))).toEqual({ lf: 1, crlf: 0, nul: 0 });
    });

    it('counts views of its buffer in place, in order, a CRLF across two of them included', () => {
      const counter = createLineBreakCounter(64, { simd });
      counter.buffer.set(bytes('ab\r\ncd\r'));
      counter.buffer.set(bytes('\nef\0\n'), 7);
      expect(counter.count(counter.buffer.subarray(0, 7))).toEqual({ lf: 1, crlf: 1, nul: 0 });
      expect(counter.count(counter.buffer.subarray(7, 12))).toEqual({ lf: 2, crlf: 1, nul: 1 });
      // The next chunk read to its start: the last byte counted was a LF.
      counter.buffer.set(bytes('\n'));
      expect(counter.count(counter.buffer.subarray(0, 1))).toEqual({ lf: 1, crlf: 0, nul: 0 });
      expect(counter.buffer[7]).toBe(10);
    });

    it('counts past 255 matches a lane (the lanes are summed before they overflow)', () => {
      const counter = createLineBreakCounter(1 << 16, { simd });
      expect(counter.count(bytes('\r\n'.repeat(20_000)))).toEqual({ lf: 20_000, crlf: 20_000, nul: 0 });
      expect(counter.count(new Uint8Array(50_000))).toEqual({ lf: 0, crlf: 0, nul: 50_000 });
      expect(counter.count(bytes(`${'\n'.repeat(4096 * 3)}x`))).toEqual({ lf: 4096 * 3, crlf: 0, nul: 0 });
    });

    it('counts a chunk larger than its buffer in pieces, a CRLF across two pieces included', () => {
      const counter = createLineBreakCounter(16, { simd });
      expect(counter.buffer.length).toBe(16);
      // The CR is byte 16 of the first piece, the LF byte 1 of the second.
      expect(counter.count(bytes(`${'x'.repeat(15)}\r\n${'y\n'.repeat(20)}`))).toEqual({ lf: 21, crlf: 1, nul: 0 });
    });
  });
});
