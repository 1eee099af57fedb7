import type { ToolName, ToolOutput } from '@vault/core';
import { z } from 'zod';

/**
 * What each tool puts in `structuredContent`: the facts a program branches on (hashes, counts,
 * ranges, paths). Listings and file text stay in the text content only, so nothing large is sent twice.
 */
type StructuredOutputs = { [Name in ToolName]: { schema: z.ZodObject; pick(output: ToolOutput<Name>): Record<string, unknown> } };

const lineEnding = z.enum(['lf', 'crlf', 'mixed', 'none']);

export const structuredOutputs: StructuredOutputs = {
  TextRead: {
    schema: z.object({
      path: z.string(),
      totalLines: z.number(),
      fileHash: z.string(),
      lineEnding,
      bom: z.boolean(),
      firstLine: z.number().optional(),
      lastLine: z.number().optional(),
      nextOffset: z.number().optional(),
    }),
    pick: ({ lines, ...facts }) => ({ ...facts, firstLine: lines[0]?.number, lastLine: lines.at(-1)?.number }),
  },
  TextEdit: {
    schema: z.object({ path: z.string(), replacements: z.number(), startLine: z.number(), endLine: z.number(), fileHash: z.string() }),
    pick: ({ snippet: _snippet, ...facts }) => facts,
  },
  TextCreate: {
    schema: z.object({ path: z.string(), action: z.enum(['created', 'replaced']), totalLines: z.number(), fileHash: z.string() }),
    pick: (output) => ({ ...output }),
  },
  TextSearch: {
    schema: z.object({
      totalMatches: z.number(),
      totalFiles: z.number(),
      truncated: z.boolean(),
      caseSensitive: z.boolean(),
      files: z.array(z.object({ path: z.string(), matches: z.number() })),
    }),
    pick: (output) => ({
      totalMatches: output.totalMatches,
      totalFiles: output.totalFiles,
      truncated: output.truncated,
      caseSensitive: output.caseSensitive,
      files: output.files.map((file) => ({ path: file.path, matches: file.matches })),
    }),
  },
  ListDirectories: {
    schema: z.object({ directory: z.string(), count: z.number(), truncated: z.boolean() }),
    pick: (output) => ({ directory: output.directory, count: output.directories.length, truncated: output.truncated }),
  },
  ListFiles: {
    schema: z.object({ directory: z.string(), count: z.number(), totalFiles: z.number(), folders: z.number() }),
    pick: (output) => ({ directory: output.directory, count: output.files.length, totalFiles: output.totalFiles, folders: output.folders }),
  },
  Move: {
    schema: z.object({ source: z.string(), destination: z.string(), kind: z.enum(['file', 'directory']) }),
    pick: (output) => ({ ...output }),
  },
  RemoveFile: {
    schema: z.object({ path: z.string(), trashPath: z.string() }),
    pick: (output) => ({ ...output }),
  },
};
