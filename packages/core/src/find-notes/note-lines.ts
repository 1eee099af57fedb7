import { characterBoundary, firstCharacters } from '../text/character-boundary.js';
import { atxHeading } from '../text/heading-paths.js';
import type { NoteSection } from './analyze-note.js';
import { maxWordLength, noteWords, wordsWithOffsets } from './note-words.js';
import type { FindQuery } from './parse-find-query.js';

/** A line a hit shows: its number (1-based) and its text, cut to a window around its first matching word when long. */
export interface ShownLine {
  line: number;
  text: string;
}

/** Most lines a hit shows. */
export const maxShownLines = 3;
/** Widest shown line, in characters: a longer one is a window around its first matching word, marked with …. */
export const shownLineWidth = 200;

/**
 * Whether a note's text holds every phrase of the query in its order, and none of its excluded
 * phrases: what counts of words cannot tell. Words run on across line breaks, as in a paragraph.
 */
export function matchesPhrases(query: FindQuery, text: string): boolean {
  const phrases = query.phrases.filter((phrase) => phrase.length > 1);
  const excluded = query.excluded.filter((phrase) => phrase.length > 1);
  if (phrases.length === 0 && excluded.length === 0) return true;
  const words = noteWords(text);
  return phrases.every((phrase) => holdsRun(words, phrase)) && !excluded.some((phrase) => holdsRun(words, phrase));
}

function holdsRun(words: readonly string[], run: readonly string[]): boolean {
  outer: for (let start = words.indexOf(run[0]!); start !== -1; start = words.indexOf(run[0]!, start + 1)) {
    for (let offset = 1; offset < run.length; offset += 1) if (words[start + offset] !== run[offset]) continue outer;
    return true;
  }
  return false;
}

/**
 * The lines of `section` that hold the most of the query's words (distinct ones), at most
 * `maxShownLines`, in line order; ties go to the earlier line. None when no line holds one. The
 * section's heading line is left out (the answer names the heading, or the title, already). Only
 * the section's lines are cut from `text`, and a line of printable ASCII is split into words only
 * when, lowercased, it holds a query word (its words are then its lowercased runs).
 */
export function bestLines(text: string, section: NoteSection, queryWords: readonly string[]): ShownLine[] {
  const lines = linesOf(text, section.start, section.end);
  const headed = atxHeading(lines.line(0)) !== undefined;
  const wanted = new Set(queryWords);
  // A word of the line counts when it is a query word, or begins with one (as ranking finds it).
  const isWanted = (word: string) => wanted.has(word) || queryWords.some((query) => query.length >= 3 && word.startsWith(query));
  const byLine = new Map<number, { found: Set<string>; firstHit: number }>();
  for (const { index, word, start } of wordsFound(text, lines, queryWords)) {
    if ((index === 0 && headed) || !isWanted(word)) continue;
    const line = byLine.get(index) ?? byLine.set(index, { found: new Set(), firstHit: start }).get(index)!;
    line.firstHit = Math.min(line.firstHit, start);
    line.found.add(queryWords.find((query) => word === query || word.startsWith(query)) ?? word);
  }
  const scored = [...byLine].map(([index, { found, firstHit }]) => ({ index, hits: found.size, firstHit }));
  const chosen = scored.sort((a, b) => b.hits - a.hits || a.index - b.index).slice(0, maxShownLines);
  return chosen.sort((a, b) => a.index - b.index).map(({ index, firstHit }) => ({ line: section.start + index, text: windowOf(lines.line(index), firstHit) }));
}

const asciiText = /^[\x20-\x7e\t\r\n]*$/;
const isAsciiWordCode = (code: number) => (code >= 97 && code <= 122) || (code >= 48 && code <= 57);

/**
 * The words of the lines (as `wordsWithOffsets` gives them, with their line's index) that may be
 * query words or begin with one. Printable ASCII: the words that start with a query word, found by
 * one case-insensitive search of the whole section (a word there is a run of letters and digits,
 * lowercased); else every word of every line.
 */
function wordsFound(text: string, { starts, ends, line }: SectionLines, queryWords: readonly string[]) {
  const found: { index: number; word: string; start: number }[] = [];
  if (starts.length === 0) return found;
  const from = starts[0]!;
  const section = text.slice(from, ends.at(-1)!);
  if (!asciiText.test(section)) {
    for (let index = 0; index < starts.length; index += 1) for (const { word, start } of wordsWithOffsets(line(index))) found.push({ index, word, start });
    return found;
  }
  // One case-insensitive pass for every ASCII query word, at word starts.
  const ascii = [...new Set(queryWords)].filter((query) => /^[a-z0-9]+$/.test(query));
  if (ascii.length === 0) return found;
  const atWordStart = new RegExp(`(?<![a-z0-9])(?:${ascii.join('|')})`, 'gi');
  for (let match = atWordStart.exec(section), index = 0; match !== null; match = atWordStart.exec(section)) {
    const at = match.index;
    let end = at + match[0].length;
    while (end < section.length && isAsciiWordCode(section.charCodeAt(end) | 32)) end += 1;
    while (index + 1 < starts.length && starts[index + 1]! - from <= at) index += 1;
    found.push({ index, word: section.slice(at, Math.min(end, at + maxWordLength)).toLowerCase(), start: at + from - starts[index]! });
  }
  return found;
}

/** A section's lines: where each starts and ends in the text (a line ends at \n or \r\n), and the text of one. */
interface SectionLines {
  starts: number[];
  ends: number[];
  line(index: number): string;
}

/** Lines `start ... end` of `text` (1-based, inclusive), found without splitting the text: a line's text is cut when asked for. */
function linesOf(text: string, start: number, end: number): SectionLines {
  let at = 0;
  for (let line = 1; line < start && at !== -1; line += 1) {
    at = text.indexOf('\n', at);
    if (at !== -1) at += 1;
  }
  const [starts, ends]: [number[], number[]] = [[], []];
  for (let line = start; line <= end && at !== -1 && at <= text.length; line += 1) {
    const next = text.indexOf('\n', at);
    const stop = next === -1 ? text.length : next;
    starts.push(at);
    ends.push(stop > at && text[stop - 1] === '\r' ? stop - 1 : stop);
    at = next === -1 ? -1 : next + 1;
  }
  return { starts, ends, line: (index) => (index < starts.length ? text.slice(starts[index], ends[index]) : '') };
}

/** The line, or a window of `shownLineWidth` characters starting a little before `at`, each cut end marked with …. */
function windowOf(line: string, at: number): string {
  if (line.length <= shownLineWidth) return line;
  const start = Math.max(0, Math.min(at - 40, line.length - shownLineWidth));
  const window = firstCharacters(line.slice(characterBoundary(line, start)), shownLineWidth);
  return `${start > 0 ? '…' : ''}${window}${start + window.length < line.length ? '…' : ''}`;
}
