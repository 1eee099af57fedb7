import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { type ClientKind, seenBy } from './client-kind.js';
import type { McpSession } from './mcp-session.js';

/** One tool call: tokens of the call (tool name and arguments as JSON) and of what the model saw of its result. */
export interface CallCost {
  tool: string;
  tokens: number;
}

/** A scripted agent's access to one server: each call gives what the model sees, and is counted. */
export interface MeasuredAgent {
  /** Calls a tool and gives what the model sees of the result, a tool error included. */
  call(tool: string, args: Record<string, unknown>): Promise<string>;
  readonly costs: readonly CallCost[];
}

/** Tokens as GPT-4o and later count them (o200k_base); text that looks like a special token counts as text. */
const tokensOf = (text: string) => countTokens(text, { disallowedSpecial: new Set() });

export function createMeasuredAgent(session: McpSession, kind: ClientKind): MeasuredAgent {
  const costs: CallCost[] = [];
  return {
    async call(tool, args) {
      const seen = seenBy(kind, await session.attempt(tool, args));
      costs.push({ tool, tokens: tokensOf(JSON.stringify({ name: tool, arguments: args })) + tokensOf(seen) });
      return seen;
    },
    costs,
  };
}
