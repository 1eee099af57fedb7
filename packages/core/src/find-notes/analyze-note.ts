import { codeBlockCloser } from '../text/code-block-closer.js';
import { atxHeading, shortHeadingText } from '../text/heading-paths.js';
import { dateNameWords } from './date-name-words.js';
import { createIndentedCode } from './indented-code.js';
import { frontMatterFields } from './front-matter-fields.js';
import { type NoteTerms, createTermCollector, noteFields } from './note-terms.js';
import { noteWords } from './note-words.js';
import { foldTag } from './parse-find-query.js';
import type { TermDictionary } from './term-dictionary.js';

/** A part of a note under one heading (the first: what comes before any heading, front matter included). */
export interface NoteSection {
  /** The headings it sits under, as `## Setup > ### Linux`; undefined above the first heading and under the title. */
  heading: string | undefined;
  /** Its first and last lines, 1-based. */
  start: number;
  end: number;
  /** Where its first line starts in the note's text (UTF-16 units): showing its lines needs no count of the lines above. */
  offset: number;
  headingLength: number;
  bodyLength: number;
}

/** A note as FindNotes ranks it: its fields' words, counted (`NoteTerms`), and its sections. */
export interface AnalyzedNote {
  path: string;
  /** Front matter `title`, else the first heading when it is a `#` heading; cut as a shown heading is (`shortHeadingText`). */
  title: string | undefined;
  /** Its tags, folded (`foldTag`): front matter `tags` and inline `#tags`. */
  tags: string[];
  /** The words in each note field (`noteFields`). */
  fieldLengths: number[];
  sections: NoteSection[];
  /** The words in every section's body, and in every section's heading path. */
  bodyLength: number;
  headingLength: number;
  /** The length of the text analysed (UTF-16 units): a text read later of another length is not that text (`NoteSection.offset` does not hold). */
  textLength: number;
  /** Its words' counts, until the note index takes them (`NoteIndex`). */
  terms: NoteTerms | undefined;
  /** Its terms' impacts while it waits to join the note index's postings (`NoteIndex`). */
  impacts?: Float32Array | undefined;
  /** Its number in the note index's postings, once there. */
  ordinal?: number | undefined;
  /** About how many 4-byte numbers it holds, terms (with a note number, an impact and a start per posting) and sections: what a cache counts against its bound. */
  size: number;
}

/** An inline `#tag`: letters, digits and marks (`#हिन्दी`, a decomposed `#café`, as words keep them), `_`, `-` and `/`. */
const inlineTag = /(?:^|\s)#([\p{L}\p{N}\p{M}_\-/]+)/gu;

/**
 * Reads a note for ranking, in one pass over its lines: its path's words (name, folders), its
 * front matter (title, tags, aliases; other values are body text; a malformed block is body text
 * too), and its sections (a heading outside code fences starts one) with their heading paths'
 * and bodies' words; inline `#tags` outside code.
 */
export function analyzeNote(path: string, text: string, dictionary: TermDictionary): AnalyzedNote {
  const collector = createTermCollector();
  const fieldLengths = noteFields.map(() => 0);
  const addField = (words: readonly string[], field: (typeof noteFields)[number]) => {
    for (const word of words) collector.addToField(dictionary.add(word), field);
    fieldLengths[noteFields.indexOf(field)]! += words.length;
  };
  const slash = path.lastIndexOf('/');
  const name = path.slice(slash + 1).replace(/\.[^.]*$/, '');
  addField([...noteWords(name), ...dateNameWords(name)], 'name');
  addField(noteWords(path.slice(0, Math.max(slash, 0))), 'folders');
  const frontMatter = frontMatterFields(text);
  const tags = new Set((frontMatter?.tags ?? []).map(foldTag));
  addField(noteWords([...(frontMatter?.tags ?? []), ...(frontMatter?.aliases ?? [])].join(' ')), 'tags');
  const lines = text.split(/\r?\n/);
  // A final line break ends the last line; it starts none.
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  const sections: NoteSection[] = [{ heading: undefined, start: 1, end: lines.length, offset: 0, headingLength: 0, bodyLength: 0 }];
  const offsetOf = createLineOffsets(text);
  const addBody = (words: readonly string[]) => {
    const section = sections.length - 1;
    for (const word of words) collector.addToSection(dictionary.add(word), section, 'body');
    sections[section]!.bodyLength += words.length;
  };
  addBody(noteWords((frontMatter?.other ?? []).join('\n')));
  // Shown cut as a heading is (a title from the first heading is cut already): a long title once hid every note ranked below it.
  // Its words are all of it, as a heading's are.
  let title = frontMatter?.title === undefined ? undefined : shortHeadingText(frontMatter.title);
  let titleWords = frontMatter?.title === undefined ? undefined : noteWords(frontMatter.title);
  let firstHeading = true;
  const stack: { level: number; text: string; words: string[] }[] = [];
  let closing: ((line: string) => boolean) | undefined;
  const firstBodyLine = frontMatter ? text.slice(0, frontMatter.end).split('\n').length - (text.endsWith('\n', frontMatter.end) ? 1 : 0) : 0;
  // Inline tags are left out of code, fenced or indented, as Obsidian leaves them.
  const indentedCode = createIndentedCode();
  for (let index = firstBodyLine; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (closing) {
      if (closing(line)) closing = undefined;
      indentedCode(line, 'fence');
      addBody(noteWords(line));
      continue;
    }
    closing = codeBlockCloser(line);
    const heading = closing ? undefined : atxHeading(line);
    const code = indentedCode(line, closing ? 'fence' : heading ? 'heading' : 'text');
    if (!heading) {
      addBody(noteWords(line));
      if (!closing && !code && line.includes('#')) for (const [, tag] of line.matchAll(inlineTag)) if (/[^\d/]/.test(tag!)) tags.add(foldTag(tag!));
      continue;
    }
    const words = noteWords(line);
    const isTitle = firstHeading && heading.level === 1;
    firstHeading = false;
    if (isTitle && title === undefined) {
      title = heading.text.slice(2);
      titleWords = words;
    }
    while (stack.length > 0 && stack.at(-1)!.level >= heading.level) stack.pop();
    if (!isTitle) stack.push({ ...heading, words });
    sections.at(-1)!.end = index;
    // A note that starts with a heading has no part before it.
    if (index === 0) sections.pop();
    const section =
      sections.push({
        heading: stack.map((entry) => entry.text).join(' > ') || undefined,
        start: index + 1,
        end: lines.length,
        offset: offsetOf(index),
        headingLength: 0,
        bodyLength: 0,
      }) - 1;
    for (const entry of stack) for (const word of entry.words) collector.addToSection(dictionary.add(word), section, 'heading');
    sections[section]!.headingLength = stack.reduce((sum, entry) => sum + entry.words.length, 0);
  }
  addField(titleWords ?? [], 'title');
  const bodyLength = sections.reduce((sum, section) => sum + section.bodyLength, 0);
  const headingLength = sections.reduce((sum, section) => sum + section.headingLength, 0);
  const terms = collector.pack();
  const size = terms.counts.length + 3 * terms.termIds.length + 9 * sections.length + path.length + 33;
  return { path, title, tags: [...tags], fieldLengths, sections, bodyLength, headingLength, textLength: text.length, terms, size };
}

/** Where line `index` (0-based, lines asked in ascending order) starts in `text`: one search for a line break per line passed. */
function createLineOffsets(text: string): (index: number) => number {
  let [line, offset] = [0, 0];
  return (index) => {
    for (; line < index; line += 1) offset = text.indexOf('\n', offset) + 1;
    return offset;
  };
}
