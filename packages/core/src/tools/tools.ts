import type { z } from 'zod';
import { findNotes } from './find-notes.js';
import { history } from './history/history.js';
import { restore } from './history/restore.js';
import { textReadAt } from './history/text-read-at.js';
import { undo } from './history/undo.js';
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
export const tools = [textRead, textEdit, textCreate, textSearch, findNotes, listDirectories, listFiles, move, removeFile, links, renameHeading] as const;

/** The tools a vault with history offers besides them (and TextRead with `at`, `textReadAt`, in TextRead's place). */
export const historyTools = [history, undo, restore] as const;

/** The tools of a vault: with history, TextRead takes `at` and the history tools follow the others. */
export function toolsOf(withHistory: boolean): readonly Tool[] {
  return withHistory ? [textReadAt, ...tools.slice(1), ...historyTools] : tools;
}

export type Tool = (typeof tools)[number] | (typeof historyTools)[number] | typeof textReadAt;
export type ToolName = Tool['name'];
export type ToolByName<Name extends ToolName> = Extract<Tool, { name: Name }>;
export type ToolInput<Name extends ToolName> = z.input<ToolByName<Name>['inputSchema']>;
export type ToolOutput<Name extends ToolName> = Awaited<ReturnType<ToolByName<Name>['run']>>;
