import type { z } from 'zod';
import { listDirectories } from './tools/list-directories.js';
import { listFiles } from './tools/list-files.js';
import { move } from './tools/move.js';
import { removeFile } from './tools/remove-file.js';
import { textCreate } from './tools/text-create.js';
import { textEdit } from './tools/text-edit.js';
import { textRead } from './tools/text-read.js';
import { textSearch } from './tools/text-search.js';

/** The eight tools, in the order adapters present them. */
export const tools = [textRead, textEdit, textCreate, textSearch, listDirectories, listFiles, move, removeFile] as const;

export type Tool = (typeof tools)[number];
export type ToolName = Tool['name'];
export type ToolByName<Name extends ToolName> = Extract<Tool, { name: Name }>;
export type ToolInput<Name extends ToolName> = z.input<ToolByName<Name>['inputSchema']>;
export type ToolOutput<Name extends ToolName> = Awaited<ReturnType<ToolByName<Name>['run']>>;
