import { checkVectors, type Embeddings } from '@vault/core';

/** Largest answer read from the endpoint, in bytes: past it, the request fails. */
export const maxEmbeddingsBody = 64 * 1024 * 1024;
/** How long a failed endpoint is left alone, in ms: calls meanwhile rank by words at once. */
export const embeddingsBackoff = 30_000;

/** The request's address: `{url}/v1/embeddings`, or `{url}/embeddings` when `url` ends in `/v1` already. */
export function embeddingsEndpoint(url: string): string {
  const base = url.replace(/\/+$/, '');
  return /\/v1$/.test(base) ? `${base}/embeddings` : `${base}/v1/embeddings`;
}

/**
 * An OpenAI-compatible embeddings endpoint (`POST /v1/embeddings`, `{model, input}` answered with
 * `{data: [{embedding, index}]}`: Ollama, llama.cpp's server, LM Studio), through global fetch: the
 * answer read as a stream and refused past `maxEmbeddingsBody`, its shape checked. A failure is logged
 * (one line) and the endpoint left alone for `embeddingsBackoff` ms: requests meanwhile fail at once.
 */
export function createHttpEmbeddings({ url, model, log }: { url: string; model: string; log: (message: string) => void }): Embeddings {
  const endpoint = embeddingsEndpoint(url);
  let failed: { at: number; reason: string } | undefined;
  return {
    model,
    async embed(texts, signal) {
      if (failed && performance.now() - failed.at < embeddingsBackoff) {
        throw new Error(`${failed.reason}; asked again ${Math.ceil((failed.at + embeddingsBackoff - performance.now()) / 1000)} s from now`);
      }
      try {
        const vectors = await request(endpoint, model, texts, signal);
        failed = undefined;
        return vectors;
      } catch (error) {
        const reason = `${endpoint}: ${signal.aborted ? ((signal.reason as Error)?.message ?? 'aborted') : ((error as Error)?.message ?? String(error))}`;
        failed = { at: performance.now(), reason };
        log(`embeddings failed, FindNotes ranks by words for ${embeddingsBackoff / 1000} s: ${reason}`);
        throw new Error(reason);
      }
    },
  };
}

async function request(endpoint: string, model: string, texts: string[], signal: AbortSignal): Promise<Float32Array[]> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model, input: texts }),
    signal,
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`HTTP ${response.status}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(await readBounded(response));
  } catch (error) {
    throw error instanceof SyntaxError ? new Error('the answer is not JSON') : error;
  }
  const data = (body as { data?: unknown })?.data;
  if (!Array.isArray(data) || data.length !== texts.length) throw new Error(`not ${texts.length} embeddings in the answer's data`);
  const vectors: Float32Array[] = new Array(texts.length);
  data.forEach((item: { embedding?: unknown; index?: unknown }, at) => {
    const index = item?.index ?? at;
    const embedding = item?.embedding;
    if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= texts.length || vectors[index as number]) {
      throw new Error('the embeddings have wrong indexes');
    }
    if (!Array.isArray(embedding) || !embedding.every((value) => typeof value === 'number')) throw new Error('an embedding is not a list of numbers');
    vectors[index as number] = Float32Array.from(embedding);
  });
  checkVectors(vectors, texts.length);
  return vectors;
}

/** The answer's body as text, read in chunks, refused once past `maxEmbeddingsBody` bytes. */
async function readBounded(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxEmbeddingsBody) {
      await reader.cancel();
      throw new Error(`the answer is over ${maxEmbeddingsBody / 1024 / 1024} MiB`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
