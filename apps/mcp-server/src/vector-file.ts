import { constants } from 'node:fs';
import { type FileHandle, link, open, rename, unlink } from 'node:fs/promises';
import { crc32 } from 'node:zlib';

/** The file's first bytes: its format and version. */
const header = Buffer.from('VTXVEC1\n', 'latin1');
/** Every record's first bytes: where a reader finds the next record after damaged bytes. */
const marker = Buffer.from('VREC', 'latin1');
/** Bytes of a key: the first 16 of a SHA-256. */
export const keyBytes = 16;
/** Bytes of a record around its numbers: marker, key, count of numbers, checksum. */
const recordOverhead = marker.length + keyBytes + 4 + 4;
/** Most numbers a vector holds (models give a few thousand): a larger count is damage. */
const maxDimensions = 65_536;
/** Bytes of checksums a scan computes between two turns of the event loop: the server answers meanwhile. */
const yieldEvery = 64 * 1024 * 1024;
/** Bytes read at a time when scanning or copying. */
const chunkBytes = 4 * 1024 * 1024;

/** A record: its key and vector. */
export interface VectorRecord {
  key: Buffer;
  vector: Float32Array;
}

/**
 * An append-only file of vectors of one model: a header, then records (`VREC`, a 16-byte key, the count
 * of float32 numbers, the numbers, a CRC-32 of key, count and numbers), all of the first record's length,
 * which is the probe's: a text whose vector tells the model that made the file. Records are appended
 * one write per batch (O_APPEND, so two servers' batches do not overwrite each other); the index maps
 * each key to its record's offset (the vectors stay on disk, read with positioned reads and checked
 * again). A record that is torn or damaged (checksum, marker, count) is passed over: the next marker
 * after it starts the next record.
 */
export interface VectorFile {
  /** The probe record's vector, or undefined when the file has none yet (new, or not of this format). */
  readonly probe: Float32Array | undefined;
  /** Bytes of the file up to its last good record. */
  readonly bytes: number;
  has(key: Buffer): boolean;
  /** The vector of `key` read from the file and checked, or undefined (not there, or damaged since: then forgotten). */
  read(key: Buffer): Promise<Float32Array | undefined>;
  /** Appends the records (of the probe's length) in one write, then indexes what the file gained (others' records too). */
  append(records: VectorRecord[]): Promise<void>;
  /** Makes the file anew holding only `probe` (another model's file, or none): created whole, or put in place of the old by a rename. */
  startAfresh(probe: VectorRecord): Promise<void>;
  close(): Promise<void>;
}

/** What `openVectorFile` found: the file, and the damaged bytes and the records passed over when it was rewritten. */
export interface OpenedVectorFile {
  file: VectorFile;
  /** Set when the file was rewritten as it was opened: why, and what was left out. */
  rewritten?: { damagedBytes: number; droppedRecords: number };
}

/**
 * Opens (or, on the first `startAfresh`, creates) the vector file at `path` and indexes it. When it held
 * damaged bytes, or is over `maxBytes`, it is rewritten now, before it serves (a complete copy renamed over
 * it: a reader or writer of the old one keeps its own descriptor, and its later appends are lost, never
 * mixed in): without the damage, and, past the bound, with only the newest records that fit in half of it.
 */
export async function openVectorFile(path: string, { maxBytes }: { maxBytes: number }): Promise<OpenedVectorFile> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, constants.O_RDWR | constants.O_APPEND);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const state: State = { path, handle, index: new Map(), probe: undefined, scanned: 0, dimensions: 0 };
  const file = vectorFileOf(state);
  if (!handle) return { file };
  const size = (await handle.stat()).size;
  // Far past the bound (not a file this server wrote): not read; the first request's probe puts a new file in its place.
  if (size > 2 * maxBytes) return { file };
  const { damagedBytes } = await loadIndex(state, size);
  if (state.probe === undefined) return { file };
  if (damagedBytes === 0 && size <= maxBytes) return { file };
  // The probe first, as it was; then the others, the newest that fit in half the bound when the file is past it.
  const others = [...state.index.values()].filter((offset) => offset !== header.length).sort((a, b) => a - b);
  const room = Math.max(0, Math.floor((maxBytes / 2 - header.length) / (recordOverhead + 4 * state.dimensions)) - 1);
  const newest = size > maxBytes ? others.slice(Math.max(0, others.length - room)) : others;
  await rewrite(state, [header.length, ...newest], 'rename');
  return { file, rewritten: { damagedBytes, droppedRecords: others.length - newest.length } };
}

interface State {
  path: string;
  handle: FileHandle | undefined;
  /** Key (as a latin1 string of its 16 bytes) -> offset of its record. */
  index: Map<string, number>;
  probe: Float32Array | undefined;
  /** Where the next scan of the file's tail starts: past the last good record. */
  scanned: number;
  dimensions: number;
}

function vectorFileOf(state: State): VectorFile {
  // Appends and rewrites one at a time: each scans the tail from where the last left off.
  let queue: Promise<unknown> = Promise.resolve();
  const queued = <T>(job: () => Promise<T>): Promise<T> => {
    const done = queue.then(job);
    queue = done.catch(() => undefined);
    return done;
  };
  return {
    get probe() {
      return state.probe;
    },
    get bytes() {
      return state.scanned;
    },
    has: (key) => state.index.has(key.toString('latin1')),
    async read(key) {
      const name = key.toString('latin1');
      const offset = state.index.get(name);
      if (offset === undefined || !state.handle) return undefined;
      // A failed read (the descriptor closed by a rewrite meanwhile) is a miss, as is a record damaged since it was indexed.
      const record = await readRecord(state.handle, offset, state.dimensions).catch(() => undefined);
      if (!record?.key.equals(key)) {
        state.index.delete(name);
        return undefined;
      }
      return record.vector;
    },
    append: (records) =>
      queued(async () => {
        if (!state.handle || records.length === 0) return;
        const bytes = Buffer.concat(records.map(recordBytes));
        for (let at = 0; at < bytes.length; ) at += (await state.handle.write(bytes, at)).bytesWritten;
        await scan(state, state.scanned, (await state.handle.stat()).size);
      }),
    startAfresh: (probe) =>
      queued(async () => {
        const fresh = Buffer.concat([header, recordBytes(probe)]);
        await rewrite(state, [], state.handle ? 'rename' : 'link', fresh);
      }),
    close: () => queued(async () => state.handle?.close()),
  };
}

/** Indexes the whole file: its header, its probe (the first record), then every good record of the probe's length. */
async function loadIndex(state: State, size: number): Promise<{ damagedBytes: number }> {
  const start = Buffer.alloc(header.length + recordOverhead);
  const { bytesRead } = await state.handle!.read(start, 0, start.length, 0);
  if (bytesRead < start.length || !start.subarray(0, header.length).equals(header)) return { damagedBytes: size };
  state.dimensions = start.readUInt32LE(header.length + marker.length + keyBytes);
  if (state.dimensions === 0 || state.dimensions > maxDimensions) return { damagedBytes: size };
  const probe = await readRecord(state.handle!, header.length, state.dimensions);
  if (!probe) return { damagedBytes: size };
  state.probe = probe.vector;
  return scan(state, header.length, size);
}

/** Indexes the good records between `from` and `to`; returns the damaged bytes passed over (a torn tail counted too, and scanned again next time). */
async function scan(state: State, from: number, to: number): Promise<{ damagedBytes: number }> {
  const recordSize = recordOverhead + 4 * state.dimensions;
  let damagedBytes = 0;
  let at = from;
  state.scanned = from;
  let chunk = Buffer.alloc(0);
  let chunkAt = from;
  // The bytes [at, at + length) of the file, from the chunk held or a new one read at `at`.
  const bytesAt = async (length: number) => {
    if (at < chunkAt || at + length > chunkAt + chunk.length) {
      chunk = Buffer.alloc(Math.min(Math.max(chunkBytes, length), to - at));
      chunkAt = at;
      chunk = chunk.subarray(0, (await state.handle!.read(chunk, 0, chunk.length, at)).bytesRead);
    }
    return chunk.subarray(at - chunkAt, at - chunkAt + length);
  };
  // The checksums' work, within twice the bytes scanned: damage holding a marker every few bytes (a planted file) would
  // otherwise cost a record's checksum per marker. Past it, the rest is damaged (and the file rewritten without it at a start).
  let checked = 0;
  while (at + recordSize <= to) {
    checked += recordSize;
    if (checked > 2 * (to - from) + recordSize) break;
    if (checked % yieldEvery < recordSize) await new Promise((resume) => setImmediate(resume));
    // Checked, not read: the numbers stay on disk until asked for.
    const body = checkedBody(await bytesAt(recordSize), state.dimensions);
    if (body) {
      damagedBytes += at - state.scanned;
      state.index.set(body.toString('latin1', 0, keyBytes), at);
      at += recordSize;
      state.scanned = at;
      continue;
    }
    // Damaged: the next record starts at the next marker (searched in the chunk, then in the next ones).
    at += 1;
    for (;;) {
      const rest = await bytesAt(Math.min(chunkBytes, to - at));
      const found = rest.indexOf(marker);
      if (found >= 0) {
        at += found;
        break;
      }
      if (at + rest.length >= to || rest.length <= marker.length) {
        at = to;
        break;
      }
      at += rest.length - marker.length + 1;
    }
  }
  return { damagedBytes: damagedBytes + (to - state.scanned) };
}

/**
 * Writes the header and the records at `offsets` of the file (or `fresh` bytes) to a new file beside it, then puts it in place: by
 * a rename over the old one, or by a hard link where there was none (so two servers creating it at once keep the first, whole; a
 * rename where the disk has no hard links).
 */
async function rewrite(state: State, offsets: number[], how: 'rename' | 'link', fresh?: Buffer) {
  const temporary = `${state.path}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  const out = await open(temporary, 'wx', 0o600);
  const recordSize = recordOverhead + 4 * state.dimensions;
  const index = new Map<string, number>();
  try {
    if (fresh) await out.write(fresh);
    else {
      await out.write(header);
      let written = header.length;
      for (let first = 0; first < offsets.length; first += Math.max(1, Math.floor(chunkBytes / recordSize))) {
        const some = offsets.slice(first, first + Math.max(1, Math.floor(chunkBytes / recordSize)));
        const bytes = Buffer.alloc(some.length * recordSize);
        for (const [at, offset] of some.entries()) {
          await state.handle!.read(bytes, at * recordSize, recordSize, offset);
          index.set(bytes.toString('latin1', at * recordSize + marker.length, at * recordSize + marker.length + keyBytes), written + at * recordSize);
        }
        await out.write(bytes);
        written += bytes.length;
      }
    }
    await out.sync();
  } finally {
    await out.close();
  }
  try {
    if (how === 'link') {
      try {
        await link(temporary, state.path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await rename(temporary, state.path);
        else {
          // Another server made it first: this one serves from it when its probe is this model's (the caller checks again).
          await reopen(state);
          return;
        }
      }
    } else await rename(temporary, state.path);
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
  if (fresh) {
    await reopen(state);
    return;
  }
  await state.handle?.close();
  state.handle = await open(state.path, constants.O_RDWR | constants.O_APPEND);
  state.index = index;
  state.scanned = header.length + offsets.length * recordSize;
}

/** Opens the file at its path again and indexes it whole. */
async function reopen(state: State) {
  await state.handle?.close();
  Object.assign(state, {
    handle: await open(state.path, constants.O_RDWR | constants.O_APPEND),
    index: new Map(),
    probe: undefined,
    scanned: 0,
    dimensions: 0,
  });
  await loadIndex(state, (await state.handle!.stat()).size);
}

async function readRecord(handle: FileHandle, offset: number, dimensions: number) {
  const bytes = Buffer.alloc(recordOverhead + 4 * dimensions);
  const { bytesRead } = await handle.read(bytes, 0, bytes.length, offset);
  return bytesRead === bytes.length ? recordIn(bytes, dimensions) : undefined;
}

/** The body (key, count, numbers) of the record at the start of `bytes` when it is whole, of `dimensions` numbers, and its checksum holds; else undefined. */
function checkedBody(bytes: Buffer, dimensions: number): Buffer | undefined {
  const end = recordOverhead + 4 * dimensions;
  if (end > bytes.length || !bytes.subarray(0, marker.length).equals(marker)) return undefined;
  const body = bytes.subarray(marker.length, end - 4);
  return body.readUInt32LE(keyBytes) === dimensions && crc32(body) === bytes.readUInt32LE(end - 4) ? body : undefined;
}

/** The record at the start of `bytes`, checked (`checkedBody`), its numbers read; else undefined. */
function recordIn(bytes: Buffer, dimensions: number): VectorRecord | undefined {
  const body = checkedBody(bytes, dimensions);
  if (!body) return undefined;
  const vector = new Float32Array(dimensions);
  for (let number = 0; number < dimensions; number += 1) vector[number] = body.readFloatLE(keyBytes + 4 + 4 * number);
  return { key: Buffer.from(body.subarray(0, keyBytes)), vector };
}

function recordBytes({ key, vector }: VectorRecord): Buffer {
  const bytes = Buffer.alloc(recordOverhead + 4 * vector.length);
  marker.copy(bytes, 0);
  key.copy(bytes, marker.length, 0, keyBytes);
  bytes.writeUInt32LE(vector.length, marker.length + keyBytes);
  for (const [number, value] of vector.entries()) bytes.writeFloatLE(value, marker.length + keyBytes + 4 + 4 * number);
  bytes.writeUInt32LE(crc32(bytes.subarray(marker.length, bytes.length - 4)), bytes.length - 4);
  return bytes;
}
