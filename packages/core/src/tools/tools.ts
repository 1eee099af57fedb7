import type { z } from 'zod';
import { listDirectories } from './list-directories.js';
import { links } from './links.js';
import { listFiles } from './list-files.js';
import { move } from './move.js';
import { removeFile } from './remove-file.js';
import { renameHeading } from './rename-heading.js';
import { textCreate } from './text-create.js';
import { textEdit } from './text-edit/text-edit.js';
import { textRead } from './text-read.js';
import { textSearch } from './text-search/text-search.js';

/** The tools, in the order adapters present them. */
export const tools = [textRead, textEdit, textCreate, textSearch, listDirectories, listFiles, move, removeFile, links, renameHeading] as const;

export type Tool = (typeof tools)[number];
export type ToolName = Tool['name'];
export type ToolByName<Name extends ToolName> = Extract<Tool, { name: Name }>;
export type ToolInput<Name extends ToolName> = z.input<ToolByName<Name>['inputSchema']>;
export type ToolOutput<Name extends ToolName> = Awaited<ReturnType<ToolByName<Name>['run']>>;
