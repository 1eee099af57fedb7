import { lineEndingOf, type LineEnding } from './line-endings.js';
import { plainStyle, type TextStyle } from './text-style.js';

export interface WindowLine {
  /** 1-based line number. */
  number: number;
  /** The line's text without its line break, from `column` on, cut at the line-length limit. */
  text: string;
  /** The full length in characters when `text` is not the whole line; absent otherwise. */
  fullLength?: number;
  /** Where `text` starts in the line (0-based, in UTF-16 units) when not at its start. */
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
 * every line and line break; of each line, the `maxLineLength` characters from `column` on (0-based).
 * Memory stays bounded by the window: lines outside it are counted, never kept. The window also ends
 * early, before the line that would take the shown text past `maxCharacters` (the first line is
 * always shown). The text may start at a later line than the first, `startLine`, when the caller has
 * skipped the lines before it (counting their line breaks itself).
 */
export function createLineWindow(first: number, count: number, maxLineLength: number, maxCharacters = Number.POSITIVE_INFINITY, column = 0, startLine = 1): LineWindow {
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

  function append(piece: string) {
    if (piece.length === 0) return;
    // Keeps the line's characters from `column` on, one more than shown (a trailing "\r" is no character of the line).
    const from = Math.max(0, column - partialLength);
    if (inWindow() && partial.length <= maxLineLength && from < piece.length) partial += piece.slice(from, from + maxLineLength + 1 - partial.length);
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
      const line = windowLine(lineNumber, partial.slice(0, Math.max(0, Math.min(length - column, maxLineLength))), length, column);
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
  if (line.fullLength !== undefined && column >= line.fullLength) return `${style.lineNumber(String(line.number))}: ${style.note(`[line of ${line.fullLength} characters, before the column]`)}`;
  const before = column > 0 ? style.note(`[from character ${column + 1}] …`) : '';
  const end = column + line.text.length;
  const after =
    line.fullLength !== undefined && end < line.fullLength
      ? style.note(` … [line cut: ${line.fullLength} characters; TextRead \`offset: ${line.number}\`, \`limit: 1\`, \`column: ${end + 1}\` reads on]`)
      : '';
  return `${style.lineNumber(String(line.number))}: ${before}${line.text}${after}`;
}
