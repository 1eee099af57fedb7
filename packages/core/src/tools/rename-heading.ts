import pMap from 'p-map';
import { z } from 'zod';
import { blockIdPattern, blockIds } from '../links/block-ids.js';
import { notesAtOnce } from '../links/find-linking-notes.js';
import { type AnchorPlan, type PlannedNote, planAnchorRename, type TextEdit } from '../links/plan-anchor-rename.js';
import type { LinkChange, LinkIssue } from '../links/plan-note-links.js';
import { isNoteOf } from '../links/plan-move-links.js';
import type { AnchorRename } from '../links/rewrite-subpath.js';
import { createSearchBudget } from '../search/search-budget.js';
import { headingKey } from '../text/note-headings.js';
import { plainStyle } from '../text/text-style.js';
import type { Vault } from '../vault/vault.js';
import { isVaultError, VaultError } from '../vault/vault-error.js';
import { escapeName } from '../vault/vault-path.js';
import { defineTool } from './define-tool.js';
import { findSection } from './find-section.js';
import { type ChangedLinks, changedLinks, changedLinksLines, changedLinksSummary, structuredChanges } from './changed-links.js';

export interface RenameHeadingOutput extends ChangedLinks {
  path: string;
  /** The heading's (or block id's) line, and how it was and is written: `## Old` and `## New`, or `^old` and `^new`. */
  line: number;
  before: string;
  after: string;
  dryRun: boolean;
  /** The renamed note's fileHash once written (absent in a dry run): what a retry of this call finds (`retried`). */
  fileHash?: string;
  /** True when nothing was done now: this same call renamed it before (a retried call). */
  alreadyApplied?: boolean;
}

const outputSchema = z.object({
  path: z.string(),
  line: z.number(),
  before: z.string(),
  after: z.string(),
  dryRun: z.boolean(),
  notes: z.array(z.string()),
  rewritten: z.array(z.string()),
  rewrittenTotal: z.number(),
  notesChanged: z.number(),
  notJudged: z.array(z.string()),
  notJudgedTotal: z.number(),
  alreadyApplied: z.boolean().optional(),
});

const inputSchema = z.strictObject({
  filePath: z.string().describe('The note, vault-relative.'),
  heading: z.string().describe('"Setup", "Guide > Setup", or a block id "^intro".'),
  newHeading: z.string().describe('The new text, without #s, or block id "^start".'),
  dryRun: z.boolean().default(false).describe('Only return the plan. Default false.'),
});

/** Characters a heading cannot hold when links are to name it (`[[Note#Heading]]`), nor any line break. */
const unlinkable = /[[\]|#^\r\n]/;

export const renameHeading = defineTool({
  name: 'RenameHeading',
  title: 'Rename a heading and its links',
  description: [
    'Renames heading (as TextRead takes it, or a block id "^id") of the note filePath to newHeading, its level kept, and rewrites every link to it across the vault in its form ([[Note#H|alias]], embeds, [[#H]], markdown links by text or slug, [[Note#^id]]); none in code.',
    'A heading found twice is AMBIGUOUS_MATCH; a text the note has already, ALREADY_EXISTS. dryRun only returns the plan.',
  ].join('\n'),
  inputSchema,
  example: { filePath: 'notes/guide.md', heading: 'Setup', newHeading: 'Install' },
  outputSchema,
  effects: { readOnly: false, destructive: false, idempotent: false },

  async run({ filePath, heading, newHeading, dryRun }, vault, { signal }): Promise<RenameHeadingOutput> {
    const path = vault.resolveFile(filePath);
    vault.checkExtension(path);
    if (!isNoteOf(vault, path)) throw new VaultError('INVALID_ARGUMENT', `${path} is not a markdown note, so it has no headings to rename.`);
    const budget = createSearchBudget(
      vault,
      signal,
      `Finding the links to rewrite took longer than the budget of ${vault.options.searchTimeout} ms, so nothing was changed. Rename the heading with TextEdit and fix its links with Links and TextEdit.`,
    );
    const { text, bom, bytes } = await vault.readText(path);
    const note = { path, text, bom, bytes };
    const anchor = heading.trim().startsWith('^') ? blockAnchor(note.text, heading, newHeading, path) : headingAnchor(note.text, heading, newHeading, path);
    const plan = await planAnchorRename(vault, note, anchor.edit, anchor.rename, budget);
    if (plan.notes.length === 0) throw new VaultError('INVALID_ARGUMENT', `${path}: ${plan.issues[0]?.reason ?? 'nothing to rename'}. Nothing was changed.`);
    const written = dryRun ? { changes: plan.notes.flatMap((planned) => planned.changes), failed: [] } : await writePlan(vault, plan);
    const fileHash = 'fileHash' in written ? { fileHash: written.fileHash } : {};
    return {
      path,
      line: anchor.line,
      before: anchor.before,
      after: anchor.after,
      dryRun,
      ...fileHash,
      ...changedLinks(written.changes, [...written.failed, ...plan.issues]),
    };
  },

  render(output, style = plainStyle) {
    const done = output.alreadyApplied ? 'Already applied, nothing changed now: this call renamed' : 'Renamed';
    const head = `${output.dryRun ? 'Dry run, nothing changed: would rename' : done} ${escapeName(output.before)} to ${escapeName(output.after)} in ${style.path(output.path)} (line ${output.line})`;
    return [`${head}; ${changedLinksSummary(output, output.dryRun)}`, ...changedLinksLines(output, style)].join('\n');
  },

  structure: ({ path, line, before, after, dryRun, fileHash: _written, alreadyApplied, ...links }) => ({
    path,
    line,
    before,
    after,
    dryRun,
    ...(alreadyApplied ? { alreadyApplied } : {}),
    ...structuredChanges(links),
  }),

  retried: {
    left: async ({ path, fileHash }) => (fileHash === undefined ? [] : [{ path, holds: { fileHash } }]),
    answer: (output) => ({ ...output, alreadyApplied: true }),
  },
});

/** The heading to rename, the edit of its line, and how links name it. */
function headingAnchor(text: string, wanted: string, newHeading: string, path: string) {
  const section = findSection(text, wanted, path);
  const { target, headings } = section;
  const newName = newHeading.trim().replace(/^#{1,6}\s+/, '');
  const bad = unlinkable.exec(newName);
  if (newName === '' || bad) {
    throw new VaultError(
      'INVALID_ARGUMENT',
      newName === ''
        ? '`newHeading` is empty. Pass the new text of the heading, without #s.'
        : `\`newHeading\` holds ${JSON.stringify(bad![0])}, which a link to a heading cannot hold. Choose a text without [ ] | # ^ or a line break.`,
    );
  }
  if (newName === target.text)
    throw new VaultError('INVALID_ARGUMENT', `The heading on line ${target.line} of ${path} is already "${newName}". Pass another newHeading.`);
  const taken = headings.find((other) => other !== target && headingKey(other.text) === headingKey(newName));
  if (taken) {
    throw new VaultError(
      'ALREADY_EXISTS',
      `${path} already has a heading "${escapeName(taken.text)}" (line ${taken.line}): links would not tell the two apart. Choose another text, or rename that one first.`,
    );
  }
  if (target.text === '') throw new VaultError('INVALID_ARGUMENT', `The heading on line ${target.line} of ${path} is empty; write its text with TextEdit.`);
  const start = text.indexOf(target.text, target.start + target.level);
  const edit: TextEdit = { start, end: start + target.text.length, text: newName };
  const rename: AnchorRename = { kind: 'heading', heading: target, headings, newName };
  const hashes = '#'.repeat(target.level);
  return { edit, rename, line: target.line, before: `${hashes} ${target.text}`, after: `${hashes} ${newName}` };
}

/** The block id to rename, the edit of its marker, and how links name it. */
function blockAnchor(text: string, wanted: string, newHeading: string, path: string) {
  const [oldName, newName] = [wanted, newHeading].map((id) => id.trim().replace(/^\^/, '')) as [string, string];
  if (!blockIdPattern.test(newName)) {
    throw new VaultError(
      'INVALID_ARGUMENT',
      `\`newHeading\` "${escapeName(newHeading)}" is no block id. Pass one of letters, digits and dashes, such as "^intro".`,
    );
  }
  const ids = blockIds(text);
  const found = ids.filter((block) => block.id === oldName);
  if (found.length === 0)
    throw new VaultError(
      'NO_MATCH',
      `${path} has no block id ^${escapeName(oldName)} (at the end of a line, outside code). Its block ids: ${
        ids
          .slice(0, 30)
          .map((block) => `^${block.id}`)
          .join(', ') || 'none'
      }.`,
    );
  if (found.length > 1)
    throw new VaultError('AMBIGUOUS_MATCH', `${path} has the block id ^${oldName} ${found.length} times. Make them differ with TextEdit first.`);
  if (ids.some((block) => block.id === newName)) throw new VaultError('ALREADY_EXISTS', `${path} already has a block id ^${newName}. Choose another.`);
  const block = found[0]!;
  const line = text.slice(0, block.start).split('\n').length;
  const rename: AnchorRename = { kind: 'block', oldName, newName };
  return { edit: { start: block.start, end: block.end, text: newName }, rename, line, before: `^${oldName}`, after: `^${newName}` };
}

/**
 * Writes the plan: the renamed note first (refused whole with STALE_FILE if it changed since it was
 * read: nothing is written), then each other note under its own lock, atomically, only if it still
 * holds what was read; one changed meanwhile is left as it is and reported.
 */
async function writePlan(vault: Vault, { notes: [first, ...others] }: AnchorPlan): Promise<{ changes: LinkChange[]; failed: LinkIssue[]; fileHash: string }> {
  const write = (planned: PlannedNote) =>
    vault.withLock([planned.path], () =>
      vault.writeText(planned.path, { chunks: [planned.text], bom: planned.bom }, { createParents: false, expected: planned.bytes }),
    );
  const fileHash = await write(first!);
  const failed: LinkIssue[] = [];
  const written = await pMap(
    others,
    async (planned) => {
      try {
        await write(planned);
        return planned.changes;
      } catch (error) {
        if (!isVaultError(error)) throw error;
        failed.push({ file: planned.path, line: 0, link: '', reason: `not written (${error.code}), its links not rewritten: ${error.message}` });
        return [];
      }
    },
    { concurrency: notesAtOnce },
  );
  return { changes: [...first!.changes, ...written.flat()], failed, fileHash };
}
