import { z } from 'zod';
import { plainStyle } from '../../text/text-style.js';
import type { ChangeSummary, VaultHistory } from '../../vault/vault-history.js';
import { withinStructureBound } from '../within-structure-bound.js';
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
  /** Where the list started (`offset`, as asked). */
  offset: z.number().optional(),
  /** Where the next page starts, when older changes were left out: call again with this offset. */
  nextOffset: z.number().optional(),
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
  offset: z.number().int().min(0).default(0).describe('Where the list starts: the nextOffset of the page before, for older changes. Default 0, the newest.'),
});

export const history = defineTool({
  name: 'History',
  title: 'List the changes made to the vault',
  description: [
    'Lists the changes of a file (or of the whole vault), newest first: change id, time, author (the agent, or a person for a change made outside the tools), summary and files. Every call that changed files is one change.',
    'With change, shows that one change as a unified diff. To see a file as it was after a change, use TextRead with at; to take a change back, use Undo; to bring one file back to a version, use Restore.',
    'To take back your last edit: History with the filePath, then Undo with the newest change id.',
    'A list that says more continues with offset (its nextOffset). Example: {"filePath": "notes/todo.md", "maxResults": 5}.',
  ].join('\n'),
  inputSchema,
  example: { filePath: 'notes/todo.md', maxResults: 5 },
  outputSchema,
  effects: { readOnly: true, destructive: false, idempotent: true },

  async run({ filePath, change, maxResults, offset }, vault): Promise<HistoryOutput> {
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
    const query = { ...(path === undefined ? {} : { path }), maxResults, shows };
    // The page's changes of the vault, each with the offset after it (a change of only files the vault does not
    // show is none of its History, but counts in offsets); a page of only those reads on.
    let start = offset;
    let listed: Awaited<ReturnType<VaultHistory['log']>>;
    let page: { change: ChangeSummary; after: number }[];
    do {
      const from = start;
      listed = await vaultHistory.log({ ...query, offset: from });
      page = listed.changes.flatMap((entry, index) => (touchedNothingShown(entry) ? [] : [{ change: shownChange(entry), after: from + index + 1 }]));
      start += listed.changes.length;
    } while (page.length === 0 && listed.more);
    const budget = createAnswerBudget(vault.options.maxOutput);
    let fits = 0;
    while (fits < page.length && budget.take(changeLine(page[fits]!.change, plainStyle).length + changeFilesLine(page[fits]!.change, plainStyle).length + 2))
      fits += 1;
    const more = listed.more;
    const answerWith = (count: number): HistoryOutput => {
      const next = count < page.length ? page[count - 1]!.after : more ? start : undefined;
      return {
        ...(path === undefined ? {} : { path }),
        changes: page.slice(0, count).map((entry) => entry.change),
        more: next !== undefined,
        offset,
        ...(next === undefined ? {} : { nextOffset: next }),
      };
    };
    // At least one change a page, so paging always moves on.
    return withinStructureBound(Math.min(page.length, Math.max(1, fits)), answerWith, history.structure, vault.options.maxOutput);
  },

  render(output, style = plainStyle) {
    if (output.diff !== undefined) {
      const [change] = output.changes;
      const cut = output.diffCut ? [style.note('[the diff is cut here: read the files as they were with TextRead and at]')] : [];
      return [style.note(`change ${changeLine(change!, style)}`), changeFilesLine(change!, style), output.diff, ...cut].join('\n');
    }
    const of = output.path === undefined ? 'the vault' : style.path(output.path);
    if (output.changes.length === 0) {
      if (output.offset) return style.note(`[no changes of ${of} past offset ${output.offset}: the list ended before it]`);
      const next = output.path === undefined ? 'nothing was committed yet' : 'no change touched that path: check it with ListFiles or TextSearch';
      return style.note(`[no changes of ${of}: ${next}]`);
    }
    const lines = output.changes.flatMap((change) => [changeLine(change, style), changeFilesLine(change, style)]);
    const more = output.nextOffset === undefined ? '' : ` | more: call again with offset ${output.nextOffset}`;
    const example = output.changes[0]!.id.slice(0, shownIdLength);
    return [...lines, style.note(`[${output.changes.length} changes of ${of}, newest first${more} | diff: History with change ${example}]`)].join('\n');
  },
});
