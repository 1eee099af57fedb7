// For the tests: an OpenAI-compatible embeddings endpoint on 127.0.0.1 with deterministic vectors, or answering nonsense.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the endpoint answers: vectors, never, or a nonsense body. */
export type EndpointMode = 'vectors' | 'hang' | 'html' | 'dimensions' | 'nan' | 'infinity' | 'count';

/** Words the endpoint takes for one another: a text holding one points where a text holding the other does. */
const synonyms: Record<string, string> = { automobile: 'car', vehicle: 'car' };

/** The model the endpoint serves: its vectors' length, and a salt of its hash (another salt: another model of that length). */
export interface EndpointModel {
  dimensions: number;
  salt: string;
}

/** A text's vector: one dimension per word (its synonym's), chosen by a hash of it, counted. */
export function vectorOf(text: string, { dimensions, salt }: EndpointModel = { dimensions: 256, salt: '' }): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    vector[
      createHash('sha256')
        .update(`${salt}${synonyms[word] ?? word}`)
        .digest()
        .readUInt32BE(0) % dimensions
    ]! += 1;
  }
  return vector;
}

/**
 * Starts the endpoint; `inputs` are the texts it was asked for, `answered(word)` resolves once it answered a request holding `word`.
 * `refuse`: a request holding a text with this word is answered HTTP 500 as llama.cpp's server answers a text too long for it.
 * `busy`: a busy endpoint, one slot: the first request of more than one text (a batch) is answered only after `release()`, and
 * a request of one text of one line (a query) never; `batches(count)` resolves once `count` batches were asked.
 * `redirect`: every request is answered 307 with this address as its `Location` (a trusted URL sending the texts elsewhere).
 * `serveModel(model)`: from now on, answers with another model's vectors (as LM Studio does when another is loaded, whatever the name asked).
 */
export async function startEmbeddingsServer(mode: EndpointMode, { refuse, busy, redirect }: { refuse?: string; busy?: boolean; redirect?: string } = {}) {
  const inputs: string[] = [];
  /** The path and query of each request. */
  const urls: string[] = [];
  /** The texts of requests whose connection the client closed before an answer. */
  const dropped: string[] = [];
  const waits: { ready: () => boolean; resolve: () => void }[] = [];
  const changed = () => {
    for (const wait of waits.splice(0)) {
      if (wait.ready()) wait.resolve();
      else waits.push(wait);
    }
  };
  const until = (ready: () => boolean) => new Promise<void>((resolve) => (ready() ? resolve() : waits.push({ ready, resolve })));
  let batches = 0;
  const batchWaits: { count: number; resolve: () => void }[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answered: string[] = [];
  let model: EndpointModel = { dimensions: 256, salt: '' };
  const waiting: { word: string; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    urls.push(request.url ?? '');
    request.on('end', async () => {
      const input = (JSON.parse(body) as { input: string[] }).input;
      inputs.push(...input);
      response.on('close', () => {
        if (!response.writableFinished) dropped.push(...input);
        changed();
      });
      changed();
      if (mode === 'hang') return;
      if (redirect) {
        response.writeHead(307, { location: redirect });
        response.end();
        return;
      }
      if (busy && input.length === 1 && !input[0]!.includes('\n')) return;
      if (input.length > 1) {
        batches += 1;
        for (const wait of batchWaits.filter((wait) => batches >= wait.count)) wait.resolve();
        if (busy && batches === 1) await released;
      }
      if (refuse && input.some((text) => text.includes(refuse))) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ error: { code: 500, message: 'input is too large to process. increase the physical batch size', type: 'server_error' } }),
        );
        return;
      }
      const data = input.map((text, index) => ({ embedding: vectorOf(text, model), index }));
      const answers: Record<Exclude<EndpointMode, 'hang'>, string> = {
        vectors: JSON.stringify({ data }),
        html: '<html><body>Bad gateway</body></html>',
        dimensions: JSON.stringify({ data: data.map((item, index) => ({ ...item, embedding: index % 2 === 0 ? [] : item.embedding })) }),
        nan: JSON.stringify({ data }).replace(/"embedding":\[[^,\]]+/, '"embedding":[NaN'),
        infinity: JSON.stringify({ data }).replace(/"embedding":\[[^,\]]+/, '"embedding":[1e999'),
        count: JSON.stringify({ data: data.slice(1) }),
      };
      response.writeHead(200, { 'content-type': mode === 'html' ? 'text/html' : 'application/json' });
      response.end(answers[mode], () => {
        answered.push(...input);
        for (const wait of waiting.splice(0)) {
          if (input.some((text) => text.includes(wait.word))) wait.resolve();
          else waiting.push(wait);
        }
      });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    inputs,
    urls,
    answered: (word: string) =>
      new Promise<void>((resolve) => {
        if (answered.some((text) => text.includes(word))) resolve();
        else waiting.push({ word, resolve });
      }),
    release,
    serveModel: (other: EndpointModel) => {
      model = other;
    },
    /** Resolves once a request held `text` (`asked`), or once the client closed one holding it before an answer (`dropped`). */
    asked: (text: string) => until(() => inputs.includes(text)),
    dropped: (text: string) => until(() => dropped.includes(text)),
    batches: (count: number) => new Promise<void>((resolve) => (batches >= count ? resolve() : batchWaits.push({ count, resolve }))),
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
