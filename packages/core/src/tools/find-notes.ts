import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { filesBelow, skippedFolders } from './files-below.js';
import { withPlacesByPath } from '../vault/compare-paths.js';
import { embedNotes } from '../find-notes/embed-notes.js';
import { embedWithin } from '../find-notes/embeddings.js';
import { type FusedRanking, fuseSemantic } from '../find-notes/fuse-semantic.js';
import { acceptsOf, type RankedNote, type Ranking, rankNotes } from '../find-notes/rank-notes.js';
import { sectionVectorsOf } from '../find-notes/section-vectors.js';
import { bestLines, matchesPhrases, maxShownLines, type ShownLine, sectionBestLines } from '../find-notes/note-lines.js';
import { type FindQuery, findQueryText, maxQueryLength, parseFindQuery } from '../find-notes/parse-find-query.js';
import { type ReadNotes, readNotes, readRankedNoteText, readShownText, type ShownText } from '../find-notes/read-notes.js';
import { createWarmUpPace } from '../find-notes/warm-up-pace.js';
import { createSearchBudget, type SearchBudget } from '../search/search-budget.js';
import type { SkipCode } from '../search/search-text.js';
import { plainStyle, type TextStyle } from '../text/text-style.js';
import type { Vault } from '../vault/vault.js';
import { escapeName } from '../vault/vault-path.js';
import { createAnswerBudget } from './answer-budget.js';

/** Notes one FindNotes call gives unless maxResults says otherwise. */
export const defaultFoundNotes = 10;
/** Most notes one call gives. */
export const maxFoundNotes = 100;
/** A skipped file's reason as the answer words it. */
const skipWords: Record<SkipCode, string> = {
  NOT_TEXT: 'not UTF-8 text',
  FILE_TOO_LARGE: 'too large to rank',
  PERMISSION_DENIED: "not readable with the server's permissions",
};

/** Skipped files an answer names; the rest are counted. */
const maxListedSkipped = 10;

/** A note in FindNotes' answer. */
export interface FoundNote {
  path: string;
  title?: string;
  /** How well it matches: BM25F, comparable within one answer only. */
  score: number;
  /** Its best section: the headings it sits under (absent above the first heading), and its lines, 1-based. */
  section: { heading?: string; start: number; end: number };
  /** The section's lines that hold the most of the query's words, at most three. */
  lines: ShownLine[];
}

export interface FindNotesOutput {
  /** The best notes, best first (ties by path). */
  notes: FoundNote[];
  /** Notes that match, shown or not (with semantic ranking, those found by meaning alone too: `meaningNotes`). */
  totalNotes: number;
  /** With semantic ranking only: of `totalNotes`, the notes found by meaning alone (they match no word of the query). */
  meaningNotes?: number;
  /** Notes looked at (the files below directoryPath that filePattern takes). */
  searchedNotes: number;
  maxResults: number;
  /** Files left out because they are not text or too large to rank: the first few, and how many in all. */
  skipped: { path: string; reason: SkipCode }[];
  totalSkipped: number;
  /** Notes left unread when the time budget ran low (a server still building its index after start-up): the answer ranks the others only. */
  unreadNotes: number;
  /** With semantic ranking only (`VaultOptions.embeddings`): how the notes were ranked (`semanticStatus`). */
  semantic?: string;
}

const outputSchema = z.object({
  notes: z.array(
    z.object({
      path: z.string(),
      title: z.string().optional(),
      score: z.number(),
      section: z.object({ heading: z.string().optional(), start: z.number(), end: z.number() }),
      /** As the text shows them: `N: text`. */
      lines: z.array(z.string()),
    }),
  ),
  totalNotes: z.number(),
  /** Of totalNotes, those found by meaning alone (with an embeddings endpoint). */
  meaningNotes: z.number().optional(),
  searchedNotes: z.number(),
  skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
  totalSkipped: z.number(),
  /** Notes not read in time: when above 0, the answer is partial. */
  unreadNotes: z.number(),
  /** With an embeddings endpoint: "words and meaning (N of M sections embedded[, K refused by the endpoint])", or "words only: why". */
  semantic: z.string().optional(),
});

const inputSchema = z.strictObject({
  query: z.string().describe(`Words, "quoted phrases", -excluded words or phrases, tag:NAME, -tag:NAME. At most ${maxQueryLength} characters.`),
  maxResults: z
    .number()
    .int()
    .min(1)
    .max(maxFoundNotes)
    .default(defaultFoundNotes)
    .describe(`The most notes to return. Default ${defaultFoundNotes}; at most ${maxFoundNotes}. The number of matching notes is always given.`),
  directoryPath: z.string().optional().describe('Look only below this folder. Default: the vault root.'),
  filePattern: z
    .string()
    .optional()
    .describe('A glob on the vault-relative path ("*.md", "projects/**"); without "/" it matches file names. Default: every allowed file.'),
});

export const findNotes = defineTool({
  name: 'FindNotes',
  title: 'Find the notes about something',
  description: [
    'Finds the notes about a subject, best first: BM25F over name, folders, title, tags and aliases, headings and body, case and accents folded; a word also finds longer words it begins and its other forms ("index" finds "indexing", "indexes" finds "index"). Each note comes with its best section (heading path, line range) and best lines, numbered, for TextRead (offset, limit) or TextEdit next.',
    'Use it when you know the subject but not the exact words; TextSearch finds an exact string or regex, every occurrence.',
    'Query: words; "quoted phrases"; -word or -"phrase" to exclude; tag:NAME (front matter or inline #tag, and tags below it), -tag:NAME. Exact: notes changed by any program are ranked as they are now.',
    'Narrow it with directoryPath or filePattern. maxResults (default 10) bounds the notes returned, not totalNotes. unreadNotes > 0: a partial answer (a server just started); ask again.',
    'Examples: {"query": "onboarding checklist"}; {"query": "\\"release process\\" -draft tag:project", "directoryPath": "projects"}.',
  ].join('\n'),
  inputSchema,
  example: { query: 'onboarding checklist' },
  outputSchema,
  effects: { readOnly: true, destructive: false, idempotent: true },

  async run({ query, maxResults, directoryPath, filePattern }, vault, { signal }): Promise<FindNotesOutput> {
    const parsed = parseFindQuery(query);
    const budget = findBudget(vault, signal);
    // Asked at once, while the notes are read.
    const queryVector = vault.options.embeddings && parsed.words.length > 0 ? embedQuery(vault, query, budget, signal) : undefined;
    // After a sync point of the backend's watch, the walk of an unchanged vault is the one kept.
    const afterSync = (await vault.fs.sync?.()) ?? false;
    const { files, unreadable } = await filesBelow(
      vault,
      { directoryPath, filePattern },
      { checkDeadline: budget.check, afterSync },
      (path) => `${path} is a file. Read it with TextRead, or pass its folder.`,
    );
    const wholeVault = vault.resolvePath(directoryPath ?? '', { trash: 'read' }) === '' && !filePattern;
    // Reading stops with a quarter of the budget left, for ranking and showing: past it, a partial answer that says so.
    const keepReading = () => {
      signal.throwIfAborted();
      return budget.remaining() > vault.options.searchTimeout / 4;
    };
    const read = await readNotes(vault, files, { wholeVault, afterSync, keepReading });
    // Phrases are checked on the texts of every note ranked, so that the count is exact; without, only the best are ranked.
    const phrases = [...parsed.phrases, ...parsed.excluded].some((phrase) => phrase.length > 1);
    // Fused with the ranking by meaning, every note matching the words is ranked.
    const ranking = rankNotes(parsed, read.notes, read.dictionary, { index: read.index, best: phrases || queryVector ? undefined : maxResults });
    const fused = queryVector && fuseWithMeaning(vault, await queryVector, ranking, parsed, read);
    const matching = fused && 'notes' in fused ? fused : ranking;
    const ranked = phrases ? await keepPhrases(vault, parsed, matching.notes, read, budget) : matching.notes;
    const notes = await showNotes(vault, parsed, ranked.slice(0, maxResults), read, budget);
    const skipped = withPlacesByPath(read.skipped, skippedFolders(unreadable));
    return {
      notes,
      totalNotes: phrases ? ranked.length : matching.total,
      ...(fused && 'notes' in fused ? { meaningNotes: ranked.filter((hit) => fused.meaningAlone.has(hit.note)).length } : {}),
      searchedNotes: read.notes.length,
      maxResults,
      skipped: skipped.slice(0, maxListedSkipped),
      totalSkipped: skipped.length,
      unreadNotes: read.unread,
      ...(fused ? { semantic: semanticStatus(fused) } : {}),
    };
  },

  render(output, style = plainStyle) {
    const body = output.notes.flatMap((note) => [noteLine(note, style), ...note.lines.map((line) => shownLine(line, style))]);
    return [...body, style.note(`[${summary(output, style)}]`)].join('\n');
  },

  structure: (output) => ({
    notes: output.notes.map((note) => ({ ...note, lines: note.lines.map((line) => shownLine(line, plainStyle)) })),
    totalNotes: output.totalNotes,
    ...(output.meaningNotes === undefined ? {} : { meaningNotes: output.meaningNotes }),
    searchedNotes: output.searchedNotes,
    skipped: output.skipped.map(({ path, reason }) => ({ path, reason: skipWords[reason] })),
    totalSkipped: output.totalSkipped,
    unreadNotes: output.unreadNotes,
    ...(output.semantic === undefined ? {} : { semantic: output.semantic }),
  }),
});

/**
 * Reads and analyses every note of the vault into its backend's note cache (when the backend gives
 * versions): what a server does in the background after start-up, so that its first FindNotes need
 * not. A query meanwhile is still exact: it reads what is not ready yet itself, and goes first (the
 * warm-up pauses while a call runs, and works in stretches of a few ms). Resolves to the
 * number of notes read.
 */
export async function warmFindNotes(vault: Vault): Promise<number> {
  if (!vault.fs.version) return 0;
  const { files } = await filesBelow(vault, {}, { checkDeadline: () => undefined }, (path) => path);
  // After a sync point, the cache starts from the change log's cursor, so the first call after the warm-up asks no versions.
  const afterSync = (await vault.fs.sync?.()) ?? false;
  // In short stretches, waiting while a call runs: a call never waits for the warm-up.
  const pace = createWarmUpPace(vault);
  const read = await readNotes(vault, files, { wholeVault: true, afterSync, keepReading: () => true, pace });
  // With semantic ranking, the sections are embedded next, in the background.
  if (vault.options.embeddings) embedNotes(vault, read.notes, read.sources);
  return read.notes.length;
}

/** Longest wait for the query's vector, in ms (less when the call's budget has less left). */
const queryEmbedTimeout = 2000;

/** The query's vector (of its words and phrases: `findQueryText`), or why there is none: it never throws. */
async function embedQuery(vault: Vault, query: string, budget: SearchBudget, signal: AbortSignal): Promise<Float32Array | { failed: string }> {
  const text = findQueryText(query);
  try {
    const [vector] = await embedWithin(vault.options.embeddings!, [text], {
      milliseconds: Math.min(queryEmbedTimeout, budget.remaining() / 2),
      use: 'query',
      signal,
    });
    return vector!;
  } catch (error) {
    return { failed: (error as Error)?.message ?? String(error) };
  }
}

/** The word ranking fused with the ranking by meaning (`fuseSemantic`), the notes' sections lacking vectors given to the background; or why not. */
function fuseWithMeaning(
  vault: Vault,
  query: Float32Array | { failed: string },
  ranking: Ranking,
  parsed: FindQuery,
  read: ReadNotes,
): FusedRanking | { failed: string } {
  if (!(query instanceof Float32Array)) return query;
  // The query's filters, for the notes found by meaning: only when there is a query vector to find them by.
  const accepts = acceptsOf(parsed, read.notes, read.dictionary, read.index);
  const fused = fuseSemantic(query, ranking, accepts, read.notes, sectionVectorsOf(vault));
  if ('failed' in fused) {
    vault.options.embeddings!.failed?.(fused.failed);
    return fused;
  }
  if (fused.embedded + fused.refused < fused.sections) embedNotes(vault, read.notes, read.sources);
  return fused;
}

/** What an answer says of its ranking by meaning. */
function semanticStatus(fused: FusedRanking | { failed: string }): string {
  if ('failed' in fused) return `words only: ${fused.failed}`;
  const refused = fused.refused > 0 ? `, ${fused.refused} refused by the endpoint` : '';
  return `words and meaning (${fused.embedded} of ${fused.sections} sections embedded${refused})`;
}

function findBudget(vault: Vault, signal: AbortSignal): SearchBudget {
  return createSearchBudget(
    vault,
    signal,
    `Finding notes took longer than its budget of ${vault.options.searchTimeout} ms and was stopped. Narrow it with \`directoryPath\` or \`filePattern\`.`,
  );
}

/** The ranked notes whose text holds the query's phrases in order and none of its excluded phrases (as it is now: kept, or read now). */
async function keepPhrases(vault: Vault, query: FindQuery, ranked: RankedNote[], read: ReadNotes, budget: SearchBudget): Promise<RankedNote[]> {
  const kept: RankedNote[] = [];
  for (const hit of ranked) {
    budget.check();
    const source = read.sources.get(hit.note.path) ?? hit.note.path;
    const text = await readRankedNoteText(vault, source, read.bytesOf?.(hit.note.path, source, hit.note));
    if (text !== undefined && matchesPhrases(query, text)) kept.push(hit);
  }
  return kept;
}

/** The hits as the answer shows them, as many as fit in its bound: each note's best section and lines, read now, or kept or shown before as it is now (`ReadNotes.bytesOf`, `ReadNotes.shown`). */
async function showNotes(vault: Vault, query: FindQuery, hits: readonly RankedNote[], read: ReadNotes, budget: SearchBudget) {
  const answer = createAnswerBudget(vault.options.maxOutput);
  const notes: FoundNote[] = [];
  for (const { note, score, section: index } of hits) {
    budget.check();
    const source = read.sources.get(note.path) ?? note.path;
    let shown = read.shown?.get(note.path, source, note, index);
    if (!shown) {
      shown = await readShownText(vault, source, { note, section: index }, read.bytesOf?.(note.path, source, note));
      if (shown) read.shown?.set(note.path, source, note, index, shown);
    }
    const section = note.sections[index]!;
    const found: FoundNote = {
      path: note.path,
      ...(note.title === undefined ? {} : { title: note.title }),
      score: Math.round(score * 100) / 100,
      // Built plainly, not by spreading a conditional object (a clone per shown note, seen in profiles): the same keys in the same order.
      section:
        section.heading === undefined ? { start: section.start, end: section.end } : { heading: section.heading, start: section.start, end: section.end },
      lines: shownLines(shown, note, section, query.words).slice(0, maxShownLines),
    };
    const cost = [noteLine(found, plainStyle), ...found.lines.map((line) => shownLine(line, plainStyle))].join('\n').length + 60;
    if (!answer.take(cost)) {
      // The best note is shown whatever its size (a long path at a small maxOutput): without its lines, the text cut at the bound.
      if (notes.length === 0) notes.push({ ...found, lines: [] });
      break;
    }
    notes.push(found);
  }
  return notes;
}

/** A shown note's best lines in its section, from the section's own lines or from the whole text. */
function shownLines(shown: ShownText | undefined, note: RankedNote['note'], section: RankedNote['note']['sections'][number], words: readonly string[]) {
  if (shown?.section) return sectionBestLines(shown.text, section, words);
  const text = shown?.text ?? '';
  // The text as analysed (same length, unchanged by the change log or its version): the section's first line is where it was.
  return bestLines(text, section, words, text.length === note.textLength ? section.offset : undefined);
}

function noteLine(note: FoundNote, style: TextStyle): string {
  const title = note.title === undefined ? '' : ` "${escapeName(note.title)}"`;
  const where = note.section.heading === undefined ? '' : ` § ${escapeName(note.section.heading)}`;
  return `${style.path(note.path)}${title}${style.note(`${where} (lines ${note.section.start}-${note.section.end}, score ${note.score})`)}`;
}

function shownLine(line: ShownLine, style: TextStyle): string {
  return `${style.lineNumber(String(line.line))}: ${line.text}`;
}

/** How many of the matching notes match by meaning alone, as the summary says it. */
function meaningAlone({ meaningNotes = 0 }: FindNotesOutput): string {
  return meaningNotes === 0 ? '' : ` (${meaningNotes} by meaning alone, without the query's words)`;
}

function summary(output: FindNotesOutput, style: TextStyle): string {
  const searched = `${output.searchedNotes} ${output.searchedNotes === 1 ? 'note' : 'notes'} searched`;
  let text =
    output.totalNotes === 0
      ? `No notes match (${searched}); try other words, fewer words, or TextSearch for an exact string`
      : `${output.totalNotes} matching ${output.totalNotes === 1 ? 'note' : 'notes'}${meaningAlone(output)} of ${searched}, best first`;
  if (output.notes.length < output.totalNotes) text += `; showing the best ${output.notes.length} (raise \`maxResults\`, or narrow the query, to see more)`;
  if (output.notes.length > 0) text += '; read a section with TextRead `offset`, `limit` (its first line, its length)';
  if (output.unreadNotes > 0) {
    text += `; PARTIAL: ${output.unreadNotes} ${output.unreadNotes === 1 ? 'note' : 'notes'} not read within the time budget: either the index is still being built (ask again in a few seconds), or the notes are past FindNotes' memory bound and the rest are read at each call (raise \`findNotesMemory\`, a server's \`--find-notes-memory\`); or narrow it with \`directoryPath\` or \`filePattern\``;
  }
  if (output.semantic?.startsWith('words only')) text += `; ranked by words only, the embeddings endpoint failed (${output.semantic.slice(12)})`;
  if (output.totalSkipped > 0) {
    const named = output.skipped.map((file) => `${style.path(file.path)}: ${skipWords[file.reason]}`);
    if (output.totalSkipped > named.length) named.push(`and ${output.totalSkipped - named.length} more`);
    text += `; ${output.totalSkipped} ${output.totalSkipped === 1 ? 'file' : 'files'} skipped (${named.join(', ')})`;
  }
  return text;
}
