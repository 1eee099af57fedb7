import { firstCharacters } from '../text/character-boundary.js';
import { headingKey, headingsAt, type NoteHeading, noteHeadings } from '../text/note-headings.js';
import { VaultError } from '../vault/vault-error.js';
import { escapeName } from '../vault/vault-path.js';

/** A section of a note: a heading and every line under it, up to the next heading of its level or higher (or the end). */
export interface Section {
  /** The heading's path as shown: `## Settings > ### Installed plugins`. */
  heading: string;
  /** Its first line (the heading's) and last line, 1-based. */
  startLine: number;
  endLine: number;
  /** Where it starts and ends in the text (UTF-16 offsets, `end` exclusive). */
  start: number;
  end: number;
  /** The heading itself, and every heading of the note. */
  target: NoteHeading;
  headings: NoteHeading[];
}

/** Headings a NO_MATCH or AMBIGUOUS_MATCH error names; the total counts them all. */
const maxNamedHeadings = 30;

/**
 * The section of `text` under the heading `wanted`: its text (`Installed plugins`, with or without
 * its #s), or a path of headings from an outer one (`Settings > Installed plugins`, each an ancestor
 * of the next, levels between them skipped). Case and repeated spaces are ignored. None: NO_MATCH
 * naming the note's headings; several: AMBIGUOUS_MATCH naming each with its line and path.
 */
export function findSection(text: string, wanted: string, path: string): Section {
  const segments = wanted.split('>').map(headingKey);
  if (segments.some((segment) => segment === '')) {
    throw new VaultError('INVALID_ARGUMENT', `\`heading\` ${quoted(wanted)} has an empty part. Pass a heading's text, or a path such as "Settings > Plugins".`);
  }
  const { headings, lineCount } = noteHeadings(text);
  let found = headingsAt(headings, segments);
  // A heading whose own text holds " > " is found whole.
  if (found.length === 0 && segments.length > 1) found = headingsAt(headings, [headingKey(wanted)]);
  if (found.length === 0) throw noSuchHeading(wanted, path, headings);
  if (found.length > 1) throw ambiguousHeading(wanted, path, found);
  const [{ heading, ancestors }] = found as [(typeof found)[0]];
  const next = headings.find((other) => other.line > heading.line && other.level <= heading.level);
  return {
    heading: pathOf(ancestors, heading),
    startLine: heading.line,
    endLine: next ? next.line - 1 : lineCount,
    start: heading.start,
    end: next ? next.start : text.length,
    target: heading,
    headings,
  };
}

function shownHeading(heading: NoteHeading): string {
  const text = heading.text.length > 80 ? `${firstCharacters(heading.text, 80)}…` : heading.text;
  return escapeName(`${'#'.repeat(heading.level)} ${text}`);
}

function pathOf(ancestors: readonly NoteHeading[], heading: NoteHeading): string {
  return [...ancestors, heading].map(shownHeading).join(' > ');
}

function quoted(text: string): string {
  return JSON.stringify(text.length > 100 ? `${firstCharacters(text, 100)}…` : text);
}

function noSuchHeading(wanted: string, path: string, headings: readonly NoteHeading[]): VaultError {
  const named = headings.slice(0, maxNamedHeadings).map((heading) => `line ${heading.line}: ${shownHeading(heading)}`);
  const more = headings.length > named.length ? [`[${headings.length - named.length} more headings not shown]`] : [];
  return new VaultError(
    'NO_MATCH',
    headings.length === 0
      ? `${path} has no heading (none outside code), so no section ${quoted(wanted)}. Read it without \`heading\`.`
      : [`${path} has no heading ${quoted(wanted)} (outside code). Its headings:`, ...named, ...more, 'Pass one of them as `heading`.'].join('\n'),
  );
}

function ambiguousHeading(wanted: string, path: string, found: readonly { heading: NoteHeading; ancestors: NoteHeading[] }[]): VaultError {
  const named = found.slice(0, maxNamedHeadings).map(({ heading, ancestors }) => `line ${heading.line}: ${pathOf(ancestors, heading)}`);
  const more = found.length > named.length ? [`[${found.length - named.length} more not shown]`] : [];
  return new VaultError(
    'AMBIGUOUS_MATCH',
    [
      `${path} has ${found.length} headings ${quoted(wanted)}. Name an outer heading too, as in "Outer > Inner", so that \`heading\` picks one:`,
      ...named,
      ...more,
    ].join('\n'),
    { count: found.length, lines: found.map(({ heading }) => heading.line) },
  );
}
