import { appendFile, open, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { createTempFolder, type TempFolder } from '@vault/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyBytes, openVectorFile, type VectorRecord } from './vector-file.js';

let folder: TempFolder;
beforeEach(async () => {
  folder = await createTempFolder({});
});
afterEach(() => folder.remove());

const record = (number: number): VectorRecord => ({
  key: Buffer.alloc(keyBytes, number),
  vector: Float32Array.from([number, number + 0.5, -number, 1 / (number + 1)]),
});
/** Bytes of a record of 4 numbers: marker, key, count, numbers, checksum. */
const recordSize = 4 + keyBytes + 4 + 16 + 4;

describe('openVectorFile (a file of vectors on disk)', () => {
  it('keeps, past its bound, only the probe and the newest records that fit in half of it, when opened', async () => {
    const at = path.join(folder.path, 'model.vectors');
    const { file } = await openVectorFile(at, { maxBytes: 3000 });
    await file.startAfresh(record(0));
    for (let batch = 0; batch < 10; batch += 1) await file.append(Array.from({ length: 10 }, (_, number) => record(1 + batch * 10 + number)));
    expect(await file.read(record(100).key)).toEqual(record(100).vector);
    await file.close();
    expect((await stat(at)).size).toBe(8 + 101 * recordSize);

    const { file: reopened, rewritten } = await openVectorFile(at, { maxBytes: 3000 });
    // Half the bound holds the header and 33 records: the probe, and the newest 32.
    expect(rewritten).toEqual({ damagedBytes: 0, droppedRecords: 68 });
    expect((await stat(at)).size).toBe(8 + 33 * recordSize);
    expect(reopened.probe).toEqual(record(0).vector);
    expect(reopened.has(record(68).key)).toBe(false);
    for (const number of [69, 90, 100]) expect(await reopened.read(record(number).key)).toEqual(record(number).vector);
    await reopened.close();
  });

  it('passes over bytes appended by a writer killed mid-record, and reads the records appended after them', async () => {
    const at = path.join(folder.path, 'model.vectors');
    const { file } = await openVectorFile(at, { maxBytes: 1 << 20 });
    await file.startAfresh(record(0));
    await file.append([record(1)]);
    // A torn record (its marker, key and part of its numbers), then a whole one from another writer, then this one's.
    const torn = Buffer.alloc(30, 7);
    torn.write('VREC', 0, 'latin1');
    await appendFile(at, torn);
    await file.append([record(2)]);
    expect(await file.read(record(1).key)).toEqual(record(1).vector);
    expect(await file.read(record(2).key)).toEqual(record(2).vector);
    await file.close();

    const { file: reopened, rewritten } = await openVectorFile(at, { maxBytes: 1 << 20 });
    expect(rewritten).toEqual({ damagedBytes: 30, droppedRecords: 0 });
    expect((await stat(at)).size).toBe(8 + 3 * recordSize);
    for (const number of [1, 2]) expect(await reopened.read(record(number).key)).toEqual(record(number).vector);
    await reopened.close();
  });

  it('answers nothing for a record damaged on disk after it was indexed, and forgets it', async () => {
    const at = path.join(folder.path, 'model.vectors');
    const { file } = await openVectorFile(at, { maxBytes: 1 << 20 });
    await file.startAfresh(record(0));
    await file.append([record(1), record(2)]);
    // One number of the first record after the probe, changed by another program.
    const other = await open(at, 'r+');
    await other.write(Buffer.from([0x7f]), 0, 1, 8 + recordSize + 4 + keyBytes + 4 + 1);
    await other.close();
    expect(await file.read(record(1).key)).toBeUndefined();
    expect(file.has(record(1).key)).toBe(false);
    expect(await file.read(record(2).key)).toEqual(record(2).vector);
    await file.close();
  });

  it('checks at most twice its bytes of checksums when damage holds a marker every few bytes (a planted file): the rest is damaged, and cut', async () => {
    const at = path.join(folder.path, 'model.vectors');
    // Records of the most numbers a vector may hold: 262 KB each, one checksum per marker found.
    const wide = (number: number): VectorRecord => ({ key: Buffer.alloc(keyBytes, number), vector: new Float32Array(65_536).fill(number) });
    const { file } = await openVectorFile(at, { maxBytes: 1 << 30 });
    await file.startAfresh(wide(0));
    await file.append([wide(1)]);
    await file.close();
    const unit = Buffer.alloc(4 + keyBytes + 4);
    unit.write('VREC', 0, 'latin1');
    unit.writeUInt32LE(65_536, 4 + keyBytes);
    // 4,000 would-be records, each to be checksummed over 262 KB (a gigabyte of checksums) were every marker tried.
    const before = (await stat(at)).size;
    await appendFile(at, Buffer.concat(Array.from({ length: 4000 }, () => unit)));
    // A good record after them: past the checksums' bound, taken as damaged too (asked of the endpoint again, never wrong).
    const other = path.join(folder.path, 'other.vectors');
    const { file: made } = await openVectorFile(other, { maxBytes: 1 << 30 });
    await made.startAfresh(wide(2));
    await made.close();
    await appendFile(at, (await readFile(other)).subarray(8));
    const planted = (await stat(at)).size;
    const { file: reopened, rewritten } = await openVectorFile(at, { maxBytes: 1 << 30 });
    expect(rewritten?.damagedBytes).toBe(planted - before);
    expect((await stat(at)).size).toBe(before);
    expect(await reopened.read(wide(1).key)).toEqual(wide(1).vector);
    expect(reopened.has(wide(2).key)).toBe(false);
    await reopened.close();
  });

  it('does not read a file far past its bound (not one it wrote): it has no probe, so the first request makes the file afresh', async () => {
    const at = path.join(folder.path, 'model.vectors');
    const { file } = await openVectorFile(at, { maxBytes: 1 << 20 });
    await file.startAfresh(record(0));
    await file.append(Array.from({ length: 100 }, (_, number) => record(number + 1)));
    await file.close();
    const { file: reopened, rewritten } = await openVectorFile(at, { maxBytes: 2000 });
    expect(rewritten).toBeUndefined();
    expect(reopened.probe).toBeUndefined();
    expect(reopened.has(record(1).key)).toBe(false);
    await reopened.startAfresh(record(0));
    expect((await stat(at)).size).toBe(8 + recordSize);
    await reopened.close();
  });
});
