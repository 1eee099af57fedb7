import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { textOf } from './mcp-session.js';

/** How a client hands a tool result to the model: its text, or its structured content first (as Codex-like clients do). */
export type ClientKind = 'text' | 'structured-first';

export const clientKinds: ClientKind[] = ['text', 'structured-first'];

/** What the model sees of a result: its text content, or, for a structured-first client, its structured content as JSON when it has some. */
export function seenBy(kind: ClientKind, result: CallToolResult): string {
  if (kind === 'structured-first' && result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
  return textOf(result);
}
