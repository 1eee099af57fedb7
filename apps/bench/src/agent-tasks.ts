import type { AgentTask } from './agent-task.js';
import { backlinks } from './agent-tasks/backlinks.js';
import { countFiles } from './agent-tasks/count-files.js';
import { countHeadings } from './agent-tasks/count-headings.js';
import { createNote } from './agent-tasks/create-note.js';
import { crlfEdit } from './agent-tasks/crlf-edit.js';
import { deleteAndRestore } from './agent-tasks/delete-and-restore.js';
import { fixBrokenLink } from './agent-tasks/fix-broken-link.js';
import { listBigFolder } from './agent-tasks/list-big-folder.js';
import { nearMissQuotes } from './agent-tasks/near-miss-quotes.js';
import { readRange } from './agent-tasks/read-range.js';
import { renameHeadingTask } from './agent-tasks/rename-heading.js';
import { renamePage } from './agent-tasks/rename-page.js';
import { rewordInSection } from './agent-tasks/reword-in-section.js';
import { rewordTwice } from './agent-tasks/reword-twice.js';
import { searchWithContext } from './agent-tasks/search-with-context.js';
import { warningSection } from './agent-tasks/warning-section.js';

/** The tasks of the "agent tasks: tokens" section, in the order of the report. */
export const agentTasks: AgentTask<unknown>[] = [
  warningSection,
  countFiles,
  readRange,
  rewordTwice,
  nearMissQuotes,
  crlfEdit,
  createNote,
  renamePage,
  deleteAndRestore,
  listBigFolder,
  countHeadings,
  searchWithContext,
  fixBrokenLink,
  backlinks,
  renameHeadingTask,
  rewordInSection,
];
