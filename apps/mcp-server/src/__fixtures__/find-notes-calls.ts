// For the tests: FindNotes called through an MCP client, and waiting for the background to embed the notes.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { textOf } from '@vault/testing';
import { expect } from 'vitest';

export type FindNotesAnswer = { notes: { path: string }[]; totalNotes: number; meaningNotes?: number; semantic?: string };

/** FindNotes' answer to `query`, which must not be an error: its structured content and its text. */
export async function findNotes(client: Client, query: string) {
  const result = await client.callTool({ name: 'FindNotes', arguments: { query } });
  expect(result.isError).toBeFalsy();
  return { answer: result.structuredContent as FindNotesAnswer, text: textOf(result) };
}

/**
 * Asks until every section of the notes searched has its vector or was refused (the background made
 * them; the endpoint has answered already), or until an answer ranks by words only; resolves to its `semantic`.
 */
export async function untilEmbedded(client: Client) {
  for (;;) {
    const { semantic } = (await findNotes(client, 'car')).answer;
    if (semantic?.startsWith('words only')) return semantic;
    const [, embedded, sections, refused = '0'] = /\((\d+) of (\d+) sections embedded(?:, (\d+) refused by the endpoint)?\)/.exec(semantic ?? '') ?? [];
    if (embedded !== undefined && Number(embedded) + Number(refused) === Number(sections)) return semantic;
  }
}
