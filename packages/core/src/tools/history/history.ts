import { z } from 'zod';
import { plainStyle } from '../../text/text-style.js';
import type { ChangeSummary } from '../../vault/vault-history.js';
import { createAnswerBudget } from '../answer-budget.js';
import { defineTool } from '../define-tool.js';
import { VaultError } from '../../vault/vault-error.js';
import {
  changeFilesLine,
  changeId,
  changeLine,
  changeSummarySchema,
  historyOf,
  showsChangedFile,
  shownChange,
  shownIdLength,
  touchedNothingShown,
} from './change-id.js';

/** Changes History lists by default, and at most. */
export const defaultListedChanges = 20;
export const maxListedChanges = 500;

const outputSchema = z.object({
  /** The file whose changes are listed; absent for the whole vault. */
  path: z.string().optional(),
  /** The changes, newest first (one, with `change`). */
  changes: z.array(changeSummarySchema),
  /** True when older changes were left out. */
  more: z.boolean(),
  /** With `change`: its unified diff. */
  diff: z.string().optional(),
  /** True when the diff was cut at the answer's bound. */
  diffCut: z.boolean().optional(),
});
export type HistoryOutput = z.output<typeof outputSchema>;

const inputSchema = z.strictObject({
  filePath: z.string().optional().describe('A file whose changes to list, vault-relative; a removed file too. Default: the changes of the whole vault.'),
  change: changeId.optional().describe('A change id from this list: show that change as a unified diff instead of listing.'),
  maxResults: z
    .number()
    .int()
    .min(1)
    .max(maxListedChanges)
    .default(defaultListedChanges)
    .describe(`The most changes to list. Default ${defaultListedChanges}, at most ${maxListedChanges}.`),
});

export const history = defineTool({
  name: 'History',
  title: 'List the changes made to the vault',
  description: [
    'Lists the changes of a file (or of the whole vault), newest first: change id, time, author (the agent, or a person for a change made outside the tools), summary and files. Every call that changed files is one change.',
    'With change, shows that one change as a unified diff. To see a file as it was after a change, use TextRead with at; to take a change back, use Undo; to bring one file back to a version, use Restore.',
    'To take back your last edit: History with the filePath, then Undo with the newest change id.',
    'Example: {"filePath": "notes/todo.md", "maxResults": 5}.',
  ].join('\n'),
  inputSchema,
  outputSchema,
  effects: { readOnly: true, destructive: false, idempotent: true },

  async run({ filePath, change, maxResults }, vault): Promise<HistoryOutput> {
    const vaultHistory = historyOf(vault);
    const shows = showsChangedFile(vault);
    const path = filePath === undefined ? undefined : vault.resolveFile(filePath, { trash: 'read' });
    if (change !== undefined) {
      const shown = await vaultHistory.show(change, createAnswerBudget(vault.options.maxOutput).left, shows);
      if (touchedNothingShown(shown.summary)) {
        throw new VaultError('INVALID_ARGUMENT', `Change ${change} touched no file this vault shows (hidden, or other extensions). Take an id from History.`);
      }
      return { changes: [shownChange(shown.summary)], more: false, diff: shown.diff, diffCut: shown.cut };
    }
    const listed = await vaultHistory.log({ ...(path === undefined ? {} : { path }), maxResults, shows });
    const budget = createAnswerBudget(vault.options.maxOutput);
    const changes: ChangeSummary[] = [];
    // A change of only files the vault does not show is none of its History.
    const ofTheVault = listed.changes.filter((listedChange) => !touchedNothingShown(listedChange)).map(shownChange);
    for (const entry of ofTheVault) {
      if (!budget.take(changeLine(entry, plainStyle).length + changeFilesLine(entry, plainStyle).length + 2)) break;
      changes.push(entry);
    }
    return { ...(path === undefined ? {} : { path }), changes, more: listed.more || changes.length < ofTheVault.length };
  },

  render(output, style = plainStyle) {
    if (output.diff !== undefined) {
      const [change] = output.changes;
      const cut = output.diffCut ? [style.note('[the diff is cut here: read the files as they were with TextRead and at]')] : [];
      return [style.note(`change ${changeLine(change!, style)}`), changeFilesLine(change!, style), output.diff, ...cut].join('\n');
    }
    const of = output.path === undefined ? 'the vault' : style.path(output.path);
    if (output.changes.length === 0) {
      const next = output.path === undefined ? 'nothing was committed yet' : 'no change touched that path: check it with ListFiles or TextSearch';
      return style.note(`[no changes of ${of}: ${next}]`);
    }
    const lines = output.changes.flatMap((change) => [changeLine(change, style), changeFilesLine(change, style)]);
    const more = output.more ? ` | more: call again with a larger maxResults` : '';
    const example = output.changes[0]!.id.slice(0, shownIdLength);
    return [...lines, style.note(`[${output.changes.length} changes of ${of}, newest first${more} | diff: History with change ${example}]`)].join('\n');
  },
});
