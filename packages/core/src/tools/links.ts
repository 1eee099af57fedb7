import { z } from 'zod';
import { closestNames, maxClosest } from '../links/closest-names.js';
import { findLinkProblems } from '../links/find-link-problems.js';
import { findLinksTo } from '../links/find-links-to.js';
import type { UnreadNote } from '../links/find-linking-notes.js';
import { isNoteOf } from '../links/plan-move-links.js';
import { type ResolvedLink, resolveNoteLinks } from '../links/resolve-note-links.js';
import { createLinkResolver } from '../links/create-link-resolver.js';
import { createSearchBudget, type SearchBudget } from '../search/search-budget.js';
import { plainStyle, type TextStyle } from '../text/text-style.js';
import type { Vault } from '../vault/vault.js';
import { VaultError } from '../vault/vault-error.js';
import { createAnswerBudget } from './answer-budget.js';
import { defineTool } from './define-tool.js';
import { withinStructureBound } from './within-structure-bound.js';
import { shownLink } from './shown-link.js';

/** Unread notes an answer names; the total counts them all. */
const maxListedUnread = 10;

/** One link in the answer: of the note (`out`) or to it (`in`), and where it leads. */
export interface LinkEntry {
  direction: 'out' | 'in';
  file: string;
  line: number;
  /** The whole link as written, cut past 200 characters, escaped. */
  link: string;
  /** `ok`: one file; `broken`: no file; `ambiguous`: several files. */
  status: 'ok' | 'broken' | 'ambiguous';
  /** The file it leads to (`ok`). */
  target?: string;
  /** The files it could mean (`ambiguous`, the first few), or the closest existing files by name (`broken`). */
  candidates?: string[];
}

export interface LinksOutput {
  /** `note`: a note's links and backlinks; `folder`: the broken and ambiguous links below a folder. */
  mode: 'note' | 'folder';
  path: string;
  /** The page of entries shown, from `offset` on. */
  entries: LinkEntry[];
  offset: number;
  /** Entries in all (outgoing then backlinks, or problems), shown or not. */
  total: number;
  outgoingTotal: number;
  backlinksTotal: number;
  brokenTotal: number;
  ambiguousTotal: number;
  /** Notes read (folder mode). */
  notesChecked?: number;
  /** Notes that could not be read (not UTF-8, too large), the first few; `unreadTotal` counts all. */
  unread: UnreadNote[];
  unreadTotal: number;
  /** Where the next page starts, when entries follow. */
  nextOffset?: number;
  /** The note's own links were not asked for. */
  backlinksOnly?: true;
}

/** The structured form: each entry and unread note as the text shows it. */
const outputSchema = z.object({
  mode: z.enum(['note', 'folder']),
  path: z.string(),
  entries: z.array(z.string()),
  total: z.number(),
  outgoingTotal: z.number(),
  backlinksTotal: z.number(),
  brokenTotal: z.number(),
  ambiguousTotal: z.number(),
  notesChecked: z.number().optional(),
  unread: z.array(z.string()),
  nextOffset: z.number().optional(),
  backlinksOnly: z.literal(true).optional(),
});

const inputSchema = z.strictObject({
  filePath: z.string().optional().describe('A note: its links and backlinks. Default: not set.'),
  backlinksOnly: z.boolean().default(false).describe('With filePath: only the links to the note, not its own. Default false.'),
  directoryPath: z.string().optional().describe('Without filePath: check the notes below this folder. Default: the vault root.'),
  maxResults: z.number().int().min(1).max(1000).default(50).describe('The most links to return. Default 50.'),
  offset: z.number().int().min(0).default(0).describe('Links to skip, to page on. Default 0.'),
});

export const links = defineTool({
  name: 'Links',
  title: 'Links of a note, or broken links',
  description: [
    "With filePath: the note's links, each with the file it leads to (or broken, with the closest files by name, or ambiguous), then its backlinks, with file and line (backlinksOnly: only those).",
    'Without it: every broken or ambiguous link below directoryPath (default: the whole vault), with file, line and closest files: fix each with one TextEdit.',
    'Wikilinks, embeds, markdown links, definitions, front matter; none in code or math. Totals always given; maxResults and offset page on.',
  ].join('\n'),
  inputSchema,
  example: { filePath: 'notes/todo.md' },
  outputSchema,
  effects: { readOnly: true, destructive: false, idempotent: true },

  async run({ filePath, directoryPath, maxResults, offset, backlinksOnly }, vault, { signal }): Promise<LinksOutput> {
    const budget = createSearchBudget(
      vault,
      signal,
      `Reading the links took longer than the budget of ${vault.options.searchTimeout} ms and was stopped. Narrow it with \`directoryPath\`.`,
    );
    const found = filePath === undefined ? await folderLinks(vault, directoryPath ?? '', budget) : await noteLinks(vault, filePath, budget, backlinksOnly);
    const closest = new Map<string, string[]>();
    const entries = pageOf(found.entries, offset, maxResults, vault.options.maxOutput, (link) =>
      entryOf(link, (name) => {
        if (!closest.has(name)) closest.set(name, closestNames(name, found.files, budget.check));
        return closest.get(name)!;
      }),
    );
    const facts = {
      mode: found.mode,
      path: found.path,
      offset,
      total: found.entries.length,
      outgoingTotal: found.outgoingTotal,
      backlinksTotal: found.entries.length - found.outgoingTotal,
      brokenTotal: found.entries.filter((entry) => entry.resolution.kind === 'none').length,
      ambiguousTotal: found.entries.filter((entry) => entry.resolution.kind === 'ambiguous').length,
      ...(found.notesChecked === undefined ? {} : { notesChecked: found.notesChecked }),
      unread: found.unread.slice(0, maxListedUnread),
      unreadTotal: found.unread.length,
      ...(backlinksOnly && filePath !== undefined ? { backlinksOnly: true as const } : {}),
    };
    // The first `count` entries of the page, and where the next page starts.
    const answerWith = (count: number): LinksOutput => ({
      ...facts,
      entries: entries.slice(0, count),
      ...(offset + count < found.entries.length ? { nextOffset: offset + count } : {}),
    });
    return withinStructureBound(entries.length, answerWith, links.structure, vault.options.maxOutput);
  },

  render(output, style = plainStyle) {
    const lines: string[] = [];
    let direction: LinkEntry['direction'] | undefined;
    for (const entry of output.entries) {
      if (output.mode === 'note' && entry.direction !== direction) {
        direction = entry.direction;
        lines.push(direction === 'out' ? `Links of ${style.path(output.path)}:` : `Backlinks to ${style.path(output.path)}:`);
      }
      lines.push(entryLine(entry, output.mode === 'note' && entry.direction === 'out', style));
    }
    return [...lines, style.note(`[${summaryOf(output, style)}]`)].join('\n');
  },

  structure: ({ entries, unread, offset, unreadTotal, ...facts }) => ({
    ...facts,
    entries: entries.map((entry) => entryLine(entry, false, plainStyle)),
    unread: unread.map(unreadLine(plainStyle)),
  }),
});

/** A link found, before paging: resolved, and whether it is of the note or to it. */
type FoundLink = ResolvedLink & { direction: LinkEntry['direction'] };

/** The links found, in the order of the answer. */
interface FoundLinks {
  mode: LinksOutput['mode'];
  path: string;
  entries: FoundLink[];
  outgoingTotal: number;
  notesChecked?: number;
  unread: UnreadNote[];
  files: string[];
}

/** A note's links, then the links to it. */
async function noteLinks(vault: Vault, filePath: string, budget: SearchBudget, backlinksOnly: boolean): Promise<FoundLinks> {
  const path = vault.resolveFile(filePath);
  const stat = await vault.statExisting(path);
  if (stat.kind !== 'file') throw new VaultError('NOT_A_FILE', `${path} is a folder. Pass it as \`directoryPath\` to check the links below it.`);
  vault.checkExtension(path);
  const to = await findLinksTo(vault, path, budget);
  const resolver = createLinkResolver(to.files);
  const outgoing = isNoteOf(vault, path) && !backlinksOnly ? resolveNoteLinks(path, (await vault.readText(path)).text, resolver) : [];
  const backlinks = to.links.map((link): FoundLink => ({ ...link, path, resolution: { kind: 'file', path }, direction: 'in' }));
  return {
    mode: 'note',
    path,
    entries: [...outgoing.map((link): FoundLink => ({ ...link, direction: 'out' })), ...backlinks],
    outgoingTotal: outgoing.length,
    unread: to.unread,
    files: to.files,
  };
}

/** The broken and ambiguous links of the notes below a folder. */
async function folderLinks(vault: Vault, directoryPath: string, budget: SearchBudget): Promise<FoundLinks> {
  const directory = vault.resolvePath(directoryPath);
  const stat = await vault.statExisting(directory);
  if (stat.kind !== 'directory') throw new VaultError('NOT_A_DIRECTORY', `${directory} is a file. Pass it as \`filePath\` to list its links and backlinks.`);
  const { problems, notesChecked, unread, files } = await findLinkProblems(vault, directory, budget);
  const entries = problems.map((link): FoundLink => ({ ...link, direction: 'out' }));
  return { mode: 'folder', path: directory, entries, outgoingTotal: problems.length, notesChecked, unread, files };
}

/** The entries from `offset` on, at most `maxResults`, as many as the answer's bound holds, each line costed as the text shows it. */
function pageOf(found: readonly FoundLink[], offset: number, maxResults: number, maxOutput: number, entryOf: (link: FoundLink) => LinkEntry): LinkEntry[] {
  const budget = createAnswerBudget(maxOutput);
  const page: LinkEntry[] = [];
  for (const link of found.slice(offset, offset + maxResults)) {
    const entry = entryOf(link);
    // The first is shown whatever it costs (the answer's safety net cuts it), so that paging always moves on.
    if (!budget.take(entryLine(entry, false, plainStyle).length + 1) && page.length > 0) break;
    page.push(entry);
  }
  return page;
}

function entryOf({ direction, file, line, link, path, resolution }: FoundLink, closest: (name: string) => string[]): LinkEntry {
  const entry = { direction, file, line, link: shownLink(link) };
  if (resolution.kind === 'file') return { ...entry, status: 'ok', target: resolution.path };
  if (resolution.kind === 'ambiguous') return { ...entry, status: 'ambiguous', candidates: resolution.candidates.slice(0, maxClosest + 1) };
  return { ...entry, status: 'broken', candidates: closest(path) };
}

function entryLine(entry: LinkEntry, ofTheNote: boolean, style: TextStyle): string {
  const where = ofTheNote ? style.lineNumber(String(entry.line)) : `${style.path(entry.file)}:${style.lineNumber(String(entry.line))}`;
  const candidates = (entry.candidates ?? []).map((candidate) => style.path(candidate)).join(', ');
  if (entry.direction === 'in') return `${where}: ${entry.link}`;
  if (entry.status === 'ok') return `${where}: ${entry.link} -> ${style.path(entry.target!)}`;
  if (entry.status === 'ambiguous') return `${where}: ${entry.link} -> ambiguous, could mean: ${candidates}`;
  return `${where}: ${entry.link} -> broken${candidates === '' ? ', no file has a close name' : `; closest: ${candidates}`}`;
}

function unreadLine(style: TextStyle): (note: UnreadNote) => string {
  return (note) => `${style.path(note.path)} (${note.reason})`;
}

function summaryOf(output: LinksOutput, style: TextStyle): string {
  const count = (total: number, noun: string) => `${total} ${noun}${total === 1 ? '' : 's'}`;
  const facts =
    output.mode === 'note'
      ? [
          ...(output.backlinksOnly ? [] : [`${count(output.outgoingTotal, 'link')} (${output.brokenTotal} broken, ${output.ambiguousTotal} ambiguous)`]),
          count(output.backlinksTotal, 'backlink'),
        ]
      : [
          `${count(output.brokenTotal, 'broken link')} and ${output.ambiguousTotal} ambiguous in ${count(output.notesChecked ?? 0, 'note')} below ${output.path === '' ? 'the vault root' : style.path(output.path)}`,
        ];
  if (output.entries.length > 0 && output.entries.length < output.total)
    facts.push(`showing ${output.offset + 1}-${output.offset + output.entries.length} of ${output.total}`);
  else if (output.entries.length === 0 && output.offset > 0 && output.total > 0) facts.push(`offset ${output.offset} is past the last of ${output.total}`);
  if (output.nextOffset !== undefined) facts.push(`more: call again with \`offset: ${output.nextOffset}\``);
  if (output.unreadTotal > 0) {
    const named = output.unread.map(unreadLine(style)).join(', ');
    facts.push(`${count(output.unreadTotal, 'note')} not read: ${named}${output.unreadTotal > output.unread.length ? ', ...' : ''}`);
  }
  return facts.join(' | ');
}
