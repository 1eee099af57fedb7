import { characterBoundary, firstCharacters } from '../text/character-boundary.js';
import { atxHeading } from '../text/heading-paths.js';
import type { NoteSection } from './analyze-note.js';
import { maxWordLength, noteWords, wordsWithOffsets } from './note-words.js';
import type { FindQuery } from './parse-find-query.js';
import { irregularForms } from './irregular-verbs.js';
import { asciiSection, isAsciiWordCode } from './ascii-section.js';
import { ordinalNumber } from './ordinal-number.js';
import { wordPrefix } from './word-prefix.js';

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
 * `maxShownLines`, in line order; ties go to the earlier line. None when no line holds one. A word
 * of a line counts for a query word as ranking finds it: the word itself, an ordinal's number, an
 * irregular verb's other forms, or a word beginning with its prefix (`wordPrefix`: its stem, so
 * `papers` shows a line saying `Paper`).
 * The section's heading line is left out (the answer names the heading, or the title, already). Only
 * the section's lines are cut from `text`, from `lineStart` when given (where its first line starts:
 * `NoteSection.offset`, the text unchanged since analysed; used when it is a line's start), and in a
 * section of printable ASCII only the words that begin with a prefix or are a whole query word are
 * looked at, found by searching its lowercased text (its words are its lowercased runs of letters and digits).
 */
export function bestLines(text: string, section: NoteSection, queryWords: readonly string[], lineStart?: number): ShownLine[] {
  const lines = linesOf(text, section.start, section.end, lineStart);
  const headed = atxHeading(lines.line(0)) !== undefined;
  const query = preparedQuery(queryWords);
  const chosen = createLineChoice();
  wordsFound(text, lines, query, (index, word, start) => {
    if (index === 0 && headed) return;
    const counted = query.forms.find(({ whole, prefix }) => whole.includes(word) || (prefix !== undefined && word.startsWith(prefix)));
    if (counted) chosen.add(index, counted.word, start);
  });
  return chosen.best().map(({ index, firstHit }) => ({ line: section.start + index, text: windowOf(lines.line(index), firstHit) }));
}

/** `bestLines` of `section` from its own lines alone (`text` starts at its first line). */
export function sectionBestLines(text: string, section: NoteSection, queryWords: readonly string[]): ShownLine[] {
  const lines = bestLines(text, { ...section, start: 1, end: section.end - section.start + 1 }, queryWords, 0);
  return lines.map(({ line, text: shown }) => ({ line: line + section.start - 1, text: shown }));
}

/** A query's words as `bestLines` looks for them, made once for the notes of one answer. */
interface PreparedQuery {
  words: readonly string[];
  /** Per query word, the words of a note that count for it: these whole, and any beginning with `prefix`. */
  forms: { word: string; whole: string[]; prefix: string | undefined }[];
  /** The prefixes of letters a-z and digits only, each once: an ASCII section's words beginning with one are looked at. */
  prefixes: string[];
  /** Per ASCII word counting only whole (no prefix of the query's begins it), a regex finding it as one: most of its letters' places are inside longer words. */
  whole: Map<string, RegExp>;
}

let lastQuery: PreparedQuery | undefined;

const isAsciiWord = (word: string) => /^[a-z0-9]+$/.test(word);

function preparedQuery(words: readonly string[]): PreparedQuery {
  if (lastQuery?.words === words) return lastQuery;
  const forms = words.map((word) => {
    const number = ordinalNumber(word);
    return { word, whole: [word, ...(number === undefined ? [] : [number]), ...irregularForms(word)], prefix: wordPrefix(word) };
  });
  const prefixes = [...new Set(forms.flatMap(({ prefix }) => (prefix === undefined ? [] : [prefix])))].filter(isAsciiWord);
  // The whole words a prefix of the query's does not find already.
  const whole = [...new Set(forms.flatMap(({ whole, prefix }) => whole.filter((word) => prefix === undefined || !word.startsWith(prefix))))].filter(
    isAsciiWord,
  );
  lastQuery = { words, forms, prefixes, whole: new Map(whole.map((word) => [word, new RegExp(`(?<![a-z0-9])${word}(?![a-z0-9])`, 'g')])) };
  return lastQuery;
}

/** A line holding query words: its index in the section, the query words it holds, and where the first starts. */
interface LineHits {
  index: number;
  found: string[];
  firstHit: number;
}

/** The lines holding the most query words, fed word by word in line order (`bestLines`). */
function createLineChoice() {
  const lines: LineHits[] = [];
  return {
    add(index: number, found: string, start: number) {
      const last = lines.at(-1);
      if (last?.index !== index) lines.push({ index, found: [found], firstHit: start });
      else if (!last.found.includes(found)) last.found.push(found);
    },
    /** The `maxShownLines` lines holding the most distinct words (ties to the earlier), in line order. */
    best: (): LineHits[] =>
      [...lines]
        .sort((a, b) => b.found.length - a.found.length || a.index - b.index)
        .slice(0, maxShownLines)
        .sort((a, b) => a.index - b.index),
  };
}

/** Where the query words start in the section being looked at (`wordsFound`): kept from note to note (showing is synchronous between reads). */
let foundScratch = new Int32Array(256);

const grown = (array: Int32Array) => {
  const larger = new Int32Array(2 * array.length);
  larger.set(array);
  return larger;
};

/**
 * Visits the words of the lines (as `wordsWithOffsets` gives them, with their line's index), in
 * order, that may count for a query word. Printable ASCII: the words that start with a prefix or
 * are a whole word counting only whole, found by searching the lowercased section for each (a word
 * there is a run of letters and digits, lowercased); else every word of every line.
 */
function wordsFound(text: string, { starts, ends, line }: SectionLines, query: PreparedQuery, visit: (index: number, word: string, start: number) => void) {
  if (starts.length === 0) return;
  const from = starts[0]!;
  const ascii = asciiSection(text.slice(from, ends.at(-1)!), text.length);
  if (ascii === undefined) {
    for (let index = 0; index < starts.length; index += 1) for (const { word, start } of wordsWithOffsets(line(index))) visit(index, word, start);
    return;
  }
  const lower = ascii.lower;
  let count = 0;
  const add = (places: Int32Array) => {
    while (count + places.length > foundScratch.length) foundScratch = grown(foundScratch);
    foundScratch.set(places, count);
    count += places.length;
  };
  // A word counting only whole (`bestLines`) is found by its regex, which passes over its letters inside other words.
  for (const [word, regex] of query.whole) add(ascii.wholeStarts(word, regex));
  for (const prefix of query.prefixes) add(ascii.prefixStarts(prefix));
  // Where two query words begin the same word, it is visited once. A typed array sorts numbers without a comparator called per pair.
  const found = foundScratch.subarray(0, count).sort();
  let index = 0;
  for (let hit = 0; hit < found.length; hit += 1) {
    const at = found[hit]!;
    if (hit > 0 && found[hit - 1] === at) continue;
    let end = at + 1;
    while (end < lower.length && isAsciiWordCode(lower.charCodeAt(end))) end += 1;
    while (index + 1 < starts.length && starts[index + 1]! - from <= at) index += 1;
    visit(index, lower.slice(at, Math.min(end, at + maxWordLength)), at + from - starts[index]!);
  }
}

/** A section's lines: where each starts and ends in the text (a line ends at \n or \r\n), and the text of one. */
interface SectionLines {
  starts: number[];
  ends: number[];
  line(index: number): string;
}

/**
 * Lines `start ... end` of `text` (1-based, inclusive), found without splitting the text: a line's
 * text is cut when asked for. Line `start` is taken to begin at `lineStart` when that is a line's
 * start; else the lines above are counted.
 */
function linesOf(text: string, start: number, end: number, lineStart?: number): SectionLines {
  const known = lineStart !== undefined && lineStart <= text.length && (lineStart === 0 ? start === 1 : text.charCodeAt(lineStart - 1) === 10);
  let at = known ? lineStart : 0;
  for (let line = 1; !known && line < start && at !== -1; line += 1) {
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
