/**
 * An embeddings endpoint, as FindNotes uses it (`VaultOptions.embeddings`): `embed` gives one vector
 * per text, in order, and stops when `signal` aborts. What it answers is checked here all the same
 * (`embedWithin`): a wrong count, vectors of differing lengths, or numbers that are not finite are a
 * failure, and FindNotes ranks by words.
 */
export interface Embeddings {
  /** The model's name: vectors of another model are never compared (their keys hold it). */
  model: string;
  /**
   * `use`: who asks, a call for its query or the background for the notes' sections (`EmbeddingsUse`).
   * `signal` aborts with a reason named `TimeoutError` when the answer is late (the endpoint's failure),
   * or with the caller's reason when the caller cancelled (a client cancelled its call: not a failure).
   */
  embed(texts: string[], signal: AbortSignal, use: EmbeddingsUse): Promise<Float32Array[]>;
  /**
   * Told when FindNotes found the vectors it was given unusable together (a query's vector of another
   * length than the sections'), `reason` in a few words: the call ranks by words; the client may log it
   * and leave the endpoint alone a while, as after its own failures.
   */
  failed?(reason: string): void;
}

/** Who asks for vectors: a FindNotes call, for its query, or the background, for the notes' sections. */
export type EmbeddingsUse = 'query' | 'background';

/**
 * What `Embeddings.embed` throws when the endpoint refused the texts themselves (it answered so: a
 * text too long for its model), not failed: the background asks for them one at a time, and leaves
 * each one refused without a vector.
 */
export class EmbeddingsRefused extends Error {}

/**
 * The vectors of `texts` from `embeddings`, within `milliseconds` (and before `signal` aborts),
 * checked; throws an Error whose message says what went wrong, in a few words, when they are not
 * there in time or not vectors of one length, one per text, of finite numbers.
 */
export async function embedWithin(
  embeddings: Embeddings,
  texts: string[],
  { milliseconds, use, signal }: { milliseconds: number; use: EmbeddingsUse; signal?: AbortSignal },
): Promise<Float32Array[]> {
  const controller = new AbortController();
  const late = () => controller.abort(new DOMException(`no answer within ${Math.round(milliseconds)} ms`, 'TimeoutError'));
  const stop = () => controller.abort(signal!.reason);
  const timer = setTimeout(late, Math.max(0, milliseconds));
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    // Raced with the abort, so an `embed` that does not heed its signal cannot hold the call.
    const aborted = new Promise<never>((_, reject) => {
      if (controller.signal.aborted) reject(controller.signal.reason);
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
    });
    const vectors = await Promise.race([embeddings.embed(texts, controller.signal, use), aborted]);
    checkVectors(vectors, texts.length);
    return vectors;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}

/** Throws an Error saying what is wrong unless `vectors` are `count` vectors of one length, of finite numbers: what an `Embeddings.embed` may check itself too. */
export function checkVectors(vectors: unknown, count: number): asserts vectors is Float32Array[] {
  if (!Array.isArray(vectors) || vectors.length !== count) throw new Error(`${Array.isArray(vectors) ? vectors.length : 'no'} vectors for ${count} texts`);
  const length = (vectors[0] as Float32Array | undefined)?.length ?? 0;
  for (const vector of vectors) {
    if (!(vector instanceof Float32Array) || vector.length === 0 || vector.length !== length) throw new Error('vectors of differing lengths');
    for (const value of vector) if (!Number.isFinite(value)) throw new Error('a vector holds a number that is not finite');
  }
}

/** The cosine of two vectors of one length (0 when either is all zeros). */
export function cosine(a: Float32Array, b: Float32Array): number {
  let [dot, aa, bb] = [0, 0, 0];
  for (let at = 0; at < a.length; at += 1) {
    dot += a[at]! * b[at]!;
    aa += a[at]! * a[at]!;
    bb += b[at]! * b[at]!;
  }
  return aa === 0 || bb === 0 ? 0 : dot / Math.sqrt(aa * bb);
}
