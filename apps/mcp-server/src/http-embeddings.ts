import { checkVectors, type Embeddings, EmbeddingsRefused, type EmbeddingsUse } from '@vault/core';

/** Largest answer read from the endpoint, in bytes: past it, the request fails. */
export const maxEmbeddingsBody = 64 * 1024 * 1024;
/** How long a failed endpoint is left alone, in ms: calls meanwhile rank by words at once. */
export const embeddingsBackoff = 30_000;
/** Characters of an error answer's body a log line quotes, at most. */
const quotedBody = 200;
/** Statuses that say the endpoint cannot answer now or here (address, key, model, busy), whatever the texts: every other 4xx or 5xx is taken as refusing the texts. */
const endpointStatuses = new Set([401, 403, 404, 405, 407, 408, 429, 502, 503, 504]);

/** The request's address: `url` with `/v1/embeddings` after its path, or `/embeddings` when its path ends in `/v1` already (its query kept). */
export function embeddingsEndpoint(url: string): string {
  const endpoint = new URL(url);
  const base = endpoint.pathname.replace(/\/+$/, '');
  endpoint.pathname = /\/v1$/.test(base) ? `${base}/embeddings` : `${base}/v1/embeddings`;
  return endpoint.href;
}

/**
 * An OpenAI-compatible embeddings endpoint (`POST /v1/embeddings`, `{model, input}` answered with
 * `{data: [{embedding, index}]}`: Ollama, llama.cpp's server, LM Studio), through global fetch: the
 * answer read as a stream and refused past `maxEmbeddingsBody`, its shape checked. A failure is logged
 * (one line) and the endpoint left alone for `embeddingsBackoff` ms by the same side, calls' queries or
 * the background (`EmbeddingsUse`): its requests meanwhile fail at once; the other side's go on.
 * An error answer to the background's texts (a 4xx or 5xx status but those of `endpointStatuses`) is
 * the texts refused, not a failure (`EmbeddingsRefused`): not backed off; a text refused alone is
 * logged, a line at most per `embeddingsBackoff` ms, with a short piece of the answer's body.
 */
export function createHttpEmbeddings({ url, model, log }: { url: string; model: string; log: (message: string) => void }): Embeddings {
  const endpoint = embeddingsEndpoint(url);
  // As logs and answers name it: no query or user part, where a key may be.
  const named = `${new URL(endpoint).origin}${new URL(endpoint).pathname}`;
  // Kept apart for calls and for the background: a busy endpoint's answer to a batch does not clear a call's back-off, nor a failed batch start one.
  const failed: Record<EmbeddingsUse, { at: number; reason: string } | undefined> = { query: undefined, background: undefined };
  let refusals: { at: number; more: number } | undefined;
  const logRefused = (reason: string) => {
    if (refusals && performance.now() - refusals.at < embeddingsBackoff) {
      refusals.more += 1;
      return;
    }
    const more = refusals?.more ? ` (and ${refusals.more} more since the last such line)` : '';
    refusals = { at: performance.now(), more: 0 };
    log(`embeddings: the endpoint refused a section, which FindNotes ranks by words only: ${named}: ${reason}${more}`);
  };
  /** A failure of `use`'s side: logged, and the endpoint left alone by that side for `embeddingsBackoff` ms; the reason as answers give it. */
  const fail = (use: EmbeddingsUse, why: string) => {
    const reason = `${named}: ${why}`;
    failed[use] = { at: performance.now(), reason };
    const left = use === 'query' ? 'FindNotes ranks by words' : "the notes' sections are not asked for";
    log(`embeddings failed, ${left} for ${embeddingsBackoff / 1000} s: ${reason}`);
    return reason;
  };
  return {
    model,
    async embed(texts, signal, use) {
      const last = failed[use];
      if (last && performance.now() - last.at < embeddingsBackoff) {
        throw new Error(`${last.reason}; asked again ${Math.ceil((last.at + embeddingsBackoff - performance.now()) / 1000)} s from now`);
      }
      try {
        const vectors = await request(endpoint, model, texts, signal);
        failed[use] = undefined;
        return vectors;
      } catch (error) {
        // Cancelled by the caller (a client cancelled its call): not the endpoint's failure.
        if (signal.aborted && (signal.reason as Error)?.name !== 'TimeoutError') throw signal.reason;
        if (use === 'background' && error instanceof EmbeddingsRefused) {
          if (texts.length === 1) logRefused(error.message);
          throw error;
        }
        throw new Error(fail(use, signal.aborted ? ((signal.reason as Error)?.message ?? 'aborted') : ((error as Error)?.message ?? String(error))));
      }
    },
    // Vectors FindNotes found unusable (a query's of another length than the sections'): the calls' side fails as the endpoint failing.
    failed: (reason) => {
      fail('query', reason);
    },
  };
}

async function request(endpoint: string, model: string, texts: string[], signal: AbortSignal): Promise<Float32Array[]> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model, input: texts }),
    signal,
    // The notes' text goes to the URL given and nowhere else: a redirect is the endpoint's failure, not followed.
    redirect: 'manual',
  });
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw new Error(
      `HTTP ${response.status}, a redirect to ${redirectTarget(response, endpoint)}, not followed: the notes' text is sent only to the URL given`,
    );
  }
  if (!response.ok) {
    const reason = `HTTP ${response.status}${await errorPiece(response)}`;
    throw endpointStatuses.has(response.status) || response.status < 400 ? new Error(reason) : new EmbeddingsRefused(reason);
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

/** Where a redirect points, as logs name an address (origin and path: no query or user part), or that it names none. */
function redirectTarget(response: Response, endpoint: string): string {
  const location = response.headers.get('location');
  if (location === null) return 'no address';
  try {
    const target = new URL(location, endpoint);
    return `${target.origin}${target.pathname}`;
  } catch {
    return 'an address that is not a URL';
  }
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

/** A short piece of an error answer's body, to log (`: ` and its error's message, or its start, on one line), or '' when it has none. */
async function errorPiece(response: Response): Promise<string> {
  let text = '';
  try {
    const reader = response.body?.getReader();
    const decoder = new TextDecoder();
    while (reader && text.length < quotedBody * 4) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    await reader?.cancel();
  } catch {}
  try {
    const error = (JSON.parse(text) as { error?: { message?: unknown } | string })?.error;
    const message = typeof error === 'string' ? error : error?.message;
    if (typeof message === 'string') text = message;
  } catch {}
  const piece = text.replace(/[\p{Cc}\s]+/gu, ' ').trim();
  return piece === '' ? '' : `: ${piece.length > quotedBody ? `${piece.slice(0, quotedBody)}…` : piece}`;
}
