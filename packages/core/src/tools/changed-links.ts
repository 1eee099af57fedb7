import type { LinkChange, LinkIssue } from '../links/plan-note-links.js';
import { plainStyle, type TextStyle } from '../text/text-style.js';
import { shownLink } from './shown-link.js';

/** Rewritten links, changed notes and links not judged that an answer lists; the totals count them all. */
export const maxListedLinks = 100;

/** Up to this many rewritten links, the text shows each; past it, one line per changed note with its count (the structured content lists the links). */
const maxLinksShownOneByOne = 10;

/** What a rewrite of links did (or, in a dry run, would do). */
export interface ChangedLinks {
  /** Links rewritten (to rewrite, in a dry run), the first `maxListedLinks`; `rewrittenTotal` counts all, in `notesChanged` notes. */
  rewritten: LinkChange[];
  rewrittenTotal: number;
  notesChanged: number;
  /** Links left as they were although they may concern what changed (ambiguous, no form names the target), and notes not rewritten, with why. */
  notJudged: LinkIssue[];
  notJudgedTotal: number;
  /** Each changed note with its count of rewritten links, by path: the first `maxListedLinks`. */
  notes: { file: string; links: number }[];
}

/** The changes and issues of a rewrite, as an answer holds them. */
export function changedLinks(changes: readonly LinkChange[], notJudged: readonly LinkIssue[]): ChangedLinks {
  const perNote = new Map<string, number>();
  for (const change of changes) perNote.set(change.file, (perNote.get(change.file) ?? 0) + 1);
  const notes = [...perNote].map(([file, links]) => ({ file, links })).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  // The links first: an answer over its bound is cut in this order, and the notes are the cheaper summary of the same.
  return {
    rewritten: changes.slice(0, maxListedLinks),
    rewrittenTotal: changes.length,
    notesChanged: notes.length,
    notJudged: notJudged.slice(0, maxListedLinks),
    notJudgedTotal: notJudged.length,
    notes: notes.slice(0, maxListedLinks),
  };
}

/** `3 links rewritten in 2 notes; 1 link left as it was, see below`. */
export function changedLinksSummary(links: ChangedLinks, dryRun: boolean): string {
  const count = (total: number, noun: string) => `${total} ${noun}${total === 1 ? '' : 's'}`;
  const rewritten =
    links.rewrittenTotal === 0
      ? `no link ${dryRun ? 'to rewrite' : 'needed rewriting'}`
      : `${count(links.rewrittenTotal, 'link')} ${dryRun ? 'to rewrite' : 'rewritten'} in ${count(links.notesChanged, 'note')}`;
  return links.notJudgedTotal === 0
    ? rewritten
    : `${rewritten}; ${count(links.notJudgedTotal, 'link')} left as ${links.notJudgedTotal === 1 ? 'it was' : 'they were'}, see below`;
}

/** The lines under the summary: each rewritten link when there are few, else each changed note with its count; then the links left as they were. */
export function changedLinksLines(links: ChangedLinks, style: TextStyle): string[] {
  const more = (shown: number, total: number) => (total > shown ? [`[${total - shown} more not shown]`] : []);
  const oneByOne = links.rewrittenTotal <= maxLinksShownOneByOne;
  return [
    ...(oneByOne ? links.rewritten.map((change) => changeLine(change, style)) : links.notes.map((note) => noteLine(note, style))),
    ...(oneByOne ? [] : more(links.notes.length, links.notesChanged)),
    ...(links.notJudgedTotal > 0 ? ['Left as they were:'] : []),
    ...links.notJudged.map((issue) => issueLine(issue, style)),
    ...more(links.notJudged.length, links.notJudgedTotal),
  ];
}

/**
 * The structured content's part, each line as the text writes it: every rewritten link listed (up to
 * `maxListedLinks`), the totals, the links left as they were, then the changed notes with their counts
 * (kept in this order when the answer's bound cuts it).
 */
export function structuredChanges(links: ChangedLinks) {
  return {
    rewritten: links.rewritten.map((change) => changeLine(change, plainStyle)),
    rewrittenTotal: links.rewrittenTotal,
    notesChanged: links.notesChanged,
    notJudged: links.notJudged.map((issue) => issueLine(issue, plainStyle)),
    notJudgedTotal: links.notJudgedTotal,
    notes: links.notes.map((note) => noteLine(note, plainStyle)),
  };
}

function noteLine(note: { file: string; links: number }, style: TextStyle): string {
  return `${style.path(note.file)}: ${note.links} link${note.links === 1 ? '' : 's'}`;
}

function changeLine(change: LinkChange, style: TextStyle): string {
  return `${style.path(change.file)}:${change.line}: ${shownLink(change.before)} -> ${shownLink(change.after)}`;
}

function issueLine(issue: LinkIssue, style: TextStyle): string {
  return issue.line === 0 ? `${style.path(issue.file)}: ${issue.reason}` : `${style.path(issue.file)}:${issue.line}: ${shownLink(issue.link)} ${issue.reason}`;
}
