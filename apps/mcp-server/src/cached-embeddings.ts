import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { checkVectors, type Embeddings, EmbeddingsRefused, type EmbeddingsUse } from '@vault/core';
import { keyBytes, openVectorFile, type VectorFile } from './vector-file.js';

/** Largest vector file, in bytes: past it, the file is cut to its newest half when a server starts, and appends stop until then. */
const maxBytes = 1024 * 1024 * 1024;

/** The text whose vector tells the model serving the endpoint: embedded on the first request after start, compared with the file's. */
export const cacheProbe = '# Embeddings cache\n\nThis text tells which model made the vectors kept on disk.\n';

/** How far a probe's numbers may be from the file's and still be the same model: a share of the largest number's size (batches and GPUs vary a little). */
const probeTolerance = 0.01;

/**
 * `embeddings` with its vectors kept on disk in `folder`, one file per endpoint (its address without its
 * query) and model (`vector-file.ts`): texts whose vectors the file holds are answered from it, the others
 * asked of the endpoint (in one request, in order) and appended. A record's key is the first 16 bytes of
 * the SHA-256 of the model's name and the text: the file holds no text. The file is trusted only once the
 * endpoint's vector of `cacheProbe` matches the one it holds (an endpoint that serves whatever model is
 * loaded, whatever the name: LM Studio, llama.cpp's server), asked on the first request after start;
 * another, or none, starts the file afresh; an answer of another length than the file's is not stored,
 * and the probe is asked again. A folder or file that cannot be made, read or written turns the cache
 * off (one log line): the endpoint is then asked for everything, as without it.
 */
export function withEmbeddingsCache(
  embeddings: Embeddings,
  { folder, endpoint, log }: { folder: string; endpoint: string; log: (message: string) => void },
): Embeddings {
  const { origin, pathname } = new URL(endpoint);
  const fileName = `${embeddings.model.replace(/[^\w.-]+/g, '_').slice(0, 40)}-${sha256(`${origin}${pathname}\u0000${embeddings.model}`).toString('hex', 0, 8)}.vectors`;
  const filePath = path.join(folder, fileName);
  let off = false;
  const turnOff = (error: unknown) => {
    if (!off) log(`embeddings cache off, FindNotes keeps the vectors in memory only: ${filePath}: ${(error as Error)?.message ?? String(error)}`);
    off = true;
  };
  const opened = (async () => {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const { file, rewritten } = await openVectorFile(filePath, { maxBytes });
    if (rewritten) {
      const { damagedBytes, droppedRecords } = rewritten;
      log(
        `embeddings cache: ${filePath} rewritten without ${[damagedBytes ? `${damagedBytes} damaged bytes` : '', droppedRecords ? `its ${droppedRecords} oldest vectors (past ${maxBytes / 2 ** 20} MiB)` : ''].filter(Boolean).join(' and ')}`,
      );
    }
    return file;
  })().catch((error: unknown) => {
    turnOff(error);
    return undefined;
  });
  const keyOf = (text: string) => sha256(`${embeddings.model}\u0000${text}`).subarray(0, keyBytes);
  let trusted = false;
  let deciding: Promise<void> | undefined;

  /** Asks the endpoint for the probe's vector (its failure is the call's) and trusts the file when it holds that vector, else starts it afresh with it. */
  const checkModel = async (file: VectorFile, signal: AbortSignal, use: EmbeddingsUse) => {
    let probe: Float32Array;
    try {
      const vectors = await embeddings.embed([cacheProbe], signal, use);
      checkVectors(vectors, 1);
      probe = vectors[0]!;
    } catch (error) {
      // The probe refused is no section refused: the call fails, as the endpoint failing.
      throw error instanceof EmbeddingsRefused ? new Error(error.message) : error;
    }
    // One decision at a time: a second call's probe waits for the first's (two would each start the file afresh).
    deciding ??= decide(file, probe).finally(() => {
      deciding = undefined;
    });
    await deciding;
  };
  const decide = async (file: VectorFile, probe: Float32Array) => {
    if (trusted) return;
    const other = file.probe !== undefined && !sameVector(file.probe, probe);
    try {
      // Twice at most: another server may make the file first, with its own probe (then it is replaced when that is another model's).
      for (let attempt = 0; attempt < 2 && !(file.probe && sameVector(file.probe, probe)); attempt += 1) {
        await file.startAfresh({ key: keyOf(cacheProbe), vector: probe });
      }
    } catch (error) {
      turnOff(error);
      return;
    }
    trusted = file.probe !== undefined && sameVector(file.probe, probe);
    if (other && trusted) log(`embeddings cache: ${filePath} was made by another model (its vector of a probe text differs), started afresh`);
  };

  return {
    model: embeddings.model,
    failed: (reason) => embeddings.failed?.(reason),
    async embed(texts, signal, use) {
      const file = await opened;
      if (file && !off && !trusted) await checkModel(file, signal, use);
      if (!file || off || !trusted) return embeddings.embed(texts, signal, use);
      const keys = texts.map(keyOf);
      const vectors = await Promise.all(keys.map((key) => file.read(key)));
      const missing = [...vectors.keys()].filter((at) => vectors[at] === undefined);
      if (missing.length === 0) return vectors as Float32Array[];
      const answered = await embeddings.embed(
        missing.map((at) => texts[at]!),
        signal,
        use,
      );
      if (answered[0]?.length !== file.probe?.length) {
        // Another model now: none of the file's vectors go with these; the probe is asked again next time.
        trusted = false;
        return missing.length === texts.length ? answered : embeddings.embed(texts, signal, use);
      }
      const stored = new Set<string>();
      const records = missing.flatMap((at, number) => {
        const name = keys[at]!.toString('latin1');
        vectors[at] = answered[number];
        if (file.has(keys[at]!) || stored.has(name)) return [];
        stored.add(name);
        return [{ key: keys[at]!, vector: answered[number]! }];
      });
      if (file.bytes < maxBytes) await file.append(records).catch(turnOff);
      return vectors as Float32Array[];
    },
  };
}

/** Whether two vectors are the same model's for one text: one length, and every number within `probeTolerance` of the largest's size. */
function sameVector(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  const largest = a.reduce((most, value) => Math.max(most, Math.abs(value)), 0);
  return a.every((value, at) => Math.abs(value - b[at]!) <= probeTolerance * largest);
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
