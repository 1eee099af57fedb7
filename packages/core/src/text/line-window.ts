import { characterBoundary } from './character-boundary.js';
import { lineEndingOf, type LineEnding } from './line-endings.js';
import { plainStyle, type TextStyle } from './text-style.js';

export interface WindowLine {
  /** 1-based line number. */
  number: number;
  /** The line's text without its line break, from `column` on, cut at the line-length limit. */
  text: string;
  /** The full length in characters when `text` is not the whole line; absent otherwise. */
  fullLength?: number;
  /** Where `text` starts in the line (0-based, in UTF-16 units) when not at its start: always a character boundary (see `lineCut`). */
  column?: number;
}

export interface LineWindow {
  /** Feeds the next piece of decoded text. */
  push(text: string): void;
  /** Whether the window is complete: no line pushed from now on is shown. */
  readonly full: boolean;
  /** Ends the input; returns the window and the counts of what was pushed. */
  finish(): { lines: WindowLine[]; totalLines: number; lineEnding: LineEnding };
}

/**
 * Collects lines `first` .. `first + count - 1` from text that arrives in pieces, while counting
 * every line and line break; of each line, at most `maxLineLength` characters from `column` on
 * (0-based), cut as `lineCut` cuts (never half a character, whatever the pieces split).
 * Memory stays bounded by the window: lines outside it are counted, never kept. The window also ends
 * early, before the line that would take the shown text past `maxCharacters` (the first line is
 * always shown). The text may start at a later line than the first, `startLine`, when the caller has
 * skipped the lines before it (counting their line breaks itself).
 */
export function createLineWindow(
  first: number,
  count: number,
  maxLineLength: number,
  maxCharacters = Number.POSITIVE_INFINITY,
  column = 0,
  startLine = 1,
): LineWindow {
  let last = first + count - 1;
  let shownCharacters = 0;
  const lines: WindowLine[] = [];
  let lineNumber = startLine;
  let partial = '';
  let partialLength = 0;
  let endsWithCarriageReturn = false;
  let crlfCount = 0;
  let lfCount = 0;

  const inWindow = () => lineNumber >= first && lineNumber <= last;
  // Of a line in the window, `partial` keeps the units from one before the column (whether the column
  // falls inside a character) to one past the longest shown (whether the cut does; a trailing "\r" is
  // no character of the line).
  const keptFrom = Math.max(0, column - 1);
  const keptLength = column - keptFrom + maxLineLength + 1;

  function append(piece: string) {
    if (piece.length === 0) return;
    const from = Math.max(0, keptFrom - partialLength);
    if (inWindow() && partial.length < keptLength && from < piece.length) partial += piece.slice(from, from + keptLength - partial.length);
    partialLength += piece.length;
    endsWithCarriageReturn = piece.endsWith('\r');
  }

  function endLine(hasBreak: boolean) {
    const crlf = hasBreak && endsWithCarriageReturn;
    if (hasBreak) {
      if (crlf) crlfCount += 1;
      else lfCount += 1;
    }
    if (inWindow()) {
      const length = crlf ? partialLength - 1 : partialLength;
      const shown = lineCut(partial.slice(0, Math.max(0, length - keptFrom)), column - keptFrom, maxLineLength);
      const line = windowLine(lineNumber, shown.text, length, keptFrom + shown.column);
      // A line costs what it renders to, and its line break.
      shownCharacters += renderWindowLine(line, plainStyle).length + 1;
      if (shownCharacters > maxCharacters && lines.length > 0) last = lineNumber - 1;
      else lines.push(line);
    }
    lineNumber += 1;
    partial = '';
    partialLength = 0;
    endsWithCarriageReturn = false;
  }

  return {
    push(text) {
      let start = 0;
      for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
        append(text.slice(start, newline));
        endLine(true);
        start = newline + 1;
      }
      append(text.slice(start));
    },
    get full() {
      return lineNumber > last;
    },
    finish() {
      if (partialLength > 0) endLine(false);
      return { lines, totalLines: lineNumber - 1, lineEnding: lineEndingOf(crlfCount, lfCount) };
    },
  };
}

/**
 * The part of `line` a window shows from `column` (0-based, in UTF-16 units): at most `max` units,
 * never half a character. A column between the two halves of a surrogate pair starts at the
 * character's first half, so nothing is skipped; the end comes back before a character the limit
 * would cut, so the column after the text, where a marker says to read on, starts a whole character.
 * One whole character is shown even past `max` (when less than its two units), so reading on always
 * moves on. Gives the text and the column it starts at (`column`, or the one before).
 */
export function lineCut(line: string, column: number, max: number): { text: string; column: number } {
  const start = characterBoundary(line, column);
  let end = characterBoundary(line, Math.min(line.length, start + max));
  if (end <= start && max > 0 && start < line.length) end = characterBoundary(line, start + 1, 'after');
  return { text: line.slice(start, Math.max(start, end)), column: start };
}

/** A line as shown: `text`, from `column` on, and the full `length` when `text` is not the whole line. */
export function windowLine(number: number, text: string, length: number, column = 0): WindowLine {
  const shown: WindowLine = length > text.length ? { number, text, fullLength: length } : { number, text };
  return column > 0 ? { ...shown, column } : shown;
}

/**
 * A window line as an agent reads it, `N: text`, with markers where the line was cut: where the
 * text starts when not at the start, and, when more follows, how to read on (TextRead's column).
 */
export function renderWindowLine(line: WindowLine, style: TextStyle): string {
  const column = line.column ?? 0;
  if (line.fullLength !== undefined && column >= line.fullLength)
    return `${style.lineNumber(String(line.number))}: ${style.note(`[line of ${line.fullLength} characters, before the column]`)}`;
  const before = column > 0 ? style.note(`[from character ${column + 1}] …`) : '';
  const end = column + line.text.length;
  const after =
    line.fullLength !== undefined && end < line.fullLength
      ? style.note(` … [line cut: ${line.fullLength} characters; TextRead \`offset: ${line.number}\`, \`limit: 1\`, \`column: ${end + 1}\` reads on]`)
      : '';
  return `${style.lineNumber(String(line.number))}: ${before}${line.text}${after}`;
}
