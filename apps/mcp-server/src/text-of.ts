import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** For the tests: the text a text client shows the model of a tool result. */
export const textOf = (result: unknown) => (result as CallToolResult).content.map((part) => (part.type === 'text' ? part.text : '')).join('');
