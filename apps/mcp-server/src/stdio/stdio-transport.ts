import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { idInHead } from './id-in-head.js';

export interface StdioTransportOptions {
  input: Readable;
  output: Writable;
  /** Longest message read, in bytes without its newline: a longer one is skipped as it streams and refused. */
  maxMessageBytes: number;
  /** What a refusal no id can answer, and the closing of the output, are told through. */
  log(message: string): void;
  /** Called once when the output can take no more (the client closed its end): answers from then on are dropped. */
  onOutputClosed(): void;
}

/** How much of a message's start is kept to read its id from when it cannot be parsed whole. */
const headBytes = 4096;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The server's side of stdio, in place of the SDK's: one JSON-RPC message a line. A message that is not valid
 * UTF-8 or JSON is answered -32700, one that is not a JSON-RPC message -32600, one longer than `maxMessageBytes`
 * -32600 once its line has gone by (never held whole), each with its id when its start shows one, else told to
 * the log; the session goes on. When the output fails (EPIPE), the answers still to come are dropped whole.
 */
export class StdioTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onerror?: Transport['onerror'];
  onclose?: Transport['onclose'];
  private pieces: Buffer[] = [];
  private held = 0;
  /** The start of the message being skipped because it is too long, while the rest of its line streams by. */
  private skipping: Buffer | undefined;
  private outputClosed = false;

  constructor(private readonly options: StdioTransportOptions) {}

  async start(): Promise<void> {
    this.options.input.on('data', this.read);
    this.options.input.on('error', this.inputFailed);
    this.options.output.on('error', this.outputFailed);
  }

  async close(): Promise<void> {
    this.stopReading();
    this.onclose?.();
  }

  /** Takes no more messages: what was read and not yet a whole line is dropped. */
  stopReading(): void {
    this.options.input.off('data', this.read);
    this.options.input.off('error', this.inputFailed);
    this.options.input.pause();
    this.pieces = [];
    this.held = 0;
    this.skipping = undefined;
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message);
  }

  private write(message: JSONRPCMessage): Promise<void> {
    if (this.outputClosed) return Promise.resolve();
    return new Promise((resolve) => {
      // Resolved when written, or when the output fails meanwhile (the answer is dropped whole).
      if (this.options.output.write(`${JSON.stringify(message)}\n`, () => resolve())) resolve();
    });
  }

  private readonly read = (chunk: Buffer) => {
    let rest = chunk;
    while (rest.length > 0) {
      const end = rest.indexOf(0x0a);
      const piece = end < 0 ? rest : rest.subarray(0, end);
      rest = end < 0 ? Buffer.alloc(0) : rest.subarray(end + 1);
      if (this.skipping === undefined && this.held + piece.length > this.options.maxMessageBytes) {
        this.skipping = Buffer.concat([...this.pieces, piece.subarray(0, headBytes)]).subarray(0, headBytes);
        this.pieces = [];
        this.held = 0;
      }
      if (this.skipping === undefined) {
        this.pieces.push(piece);
        this.held += piece.length;
      }
      if (end < 0) return;
      if (this.skipping !== undefined) {
        const head = this.skipping;
        this.skipping = undefined;
        this.refuse(idInHead(head.toString('latin1')), -32600, this.tooLong());
      } else {
        const line = Buffer.concat(this.pieces);
        this.pieces = [];
        this.held = 0;
        this.take(line);
      }
    }
  };

  private take(line: Buffer) {
    const bytes = line.at(-1) === 0x0d ? line.subarray(0, -1) : line;
    if (bytes.length === 0) return;
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      this.refuse(idInHead(bytes.subarray(0, headBytes).toString('latin1')), -32700, 'Parse error: the message is not valid UTF-8.');
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.refuse(idInHead(text.slice(0, headBytes)), -32700, 'Parse error: the message is not valid JSON.');
      return;
    }
    const message = JSONRPCMessageSchema.safeParse(value);
    if (message.success) {
      this.onmessage?.(message.data);
      return;
    }
    const issue = message.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    this.refuse(idOf(value), -32600, `Invalid Request: not a JSON-RPC 2.0 message as MCP reads it${where}.`);
  }

  private tooLong() {
    return `Invalid Request: the message is longer than ${this.options.maxMessageBytes} bytes, the most a message on stdio may hold (--max-file-size and 1 MiB for the call around it). Write a longer text in pieces (TextCreate, then TextEdit appending to it) or with the CLI (vtx).`;
  }

  private refuse(id: string | number | undefined, code: number, message: string) {
    if (id === undefined) {
      this.options.log(`refused a message without an id it could be answered by: ${message}`);
      return;
    }
    void this.write({ jsonrpc: '2.0', id, error: { code, message } });
  }

  private readonly inputFailed = (error: Error) => this.onerror?.(error);

  private readonly outputFailed = (error: NodeJS.ErrnoException) => {
    if (this.outputClosed) return;
    this.outputClosed = true;
    this.options.log(`the client closed its end (${error.code ?? error.message}): answers still to come are dropped; stopping`);
    this.options.onOutputClosed();
  };
}

/** The id of a parsed message that is not a valid one, if it is one an answer can carry. */
function idOf(value: unknown): string | number | undefined {
  if (typeof value !== 'object' || value === null || !('id' in value)) return undefined;
  const { id } = value;
  return typeof id === 'string' || Number.isSafeInteger(id) ? (id as string | number) : undefined;
}
