import { nextOfNeedles } from '../text/next-of-needles.js';

/**
 * Lines of `text` where `everywhere` (a global regex that stays in a line, see `lineScanOf`, or a
 * literal without line breaks) matches, up to `enough`: one scan, each line counted once, the line after
 * a final line break not a line. Each match is only tested (`test` makes no match object: a common word
 * has thousands), then the scan goes on at the next line; the line's end is found from the match's end,
 * since no match holds a line break.
 */
export function countLinesMatched(text: string, everywhere: RegExp, enough = Number.POSITIVE_INFINITY): number {
  let count = 0;
  everywhere.lastIndex = 0;
  while (count < enough && everywhere.test(text)) {
    const matchEnd = everywhere.lastIndex;
    // A match ending at a final line break's end (or in an empty text) is an empty one after it: in no line.
    if (matchEnd === text.length && (text === '' || text.endsWith('\n'))) break;
    count += 1;
    const lineEnd = text.indexOf('\n', matchEnd);
    if (lineEnd === -1) break;
    everywhere.lastIndex = lineEnd + 1;
  }
  return count;
}

/**
 * Lines of `text` that pass `test`, up to `enough`, trying only the lines where `candidates` (a global
 * regex none of whose matches holds a line feed: literals, or a scan of `lineScanOf`) starts a match,
 * possibly an empty one: each line once, the text scanned once.
 */
export function countCandidateLines(text: string, candidates: RegExp, test: (line: string) => boolean, enough = Number.POSITIVE_INFINITY): number {
  let count = 0;
  candidates.lastIndex = 0;
  for (let found = candidates.exec(text); found !== null && count < enough; found = candidates.exec(text)) {
    const at = found.index;
    // An empty match after a final line break (or in an empty text) is in no line.
    if (at === text.length && (text === '' || text.endsWith('\n'))) break;
    // An empty match may sit right before a line feed: its line is the one the line feed ends.
    const start = at === 0 ? 0 : text.lastIndexOf('\n', at - 1) + 1;
    const end = text.indexOf('\n', at);
    // A line as splitting on /\r?\n/ gives it: without the \r of a CRLF.
    const line = end === -1 ? text.slice(start) : text.slice(start, text[end - 1] === '\r' ? end - 1 : end);
    if (test(line)) count += 1;
    if (end === -1) break;
    candidates.lastIndex = end + 1;
  }
  return count;
}

/**
 * Lines of `text` holding one of `needles` (none with a line break, none empty: see `nextOfNeedles`) that pass
 * `test`, up to `enough`, given the line as splitting on /\r?\n/ gives it and as it stands before its line feed (`raw`, with the
 * CR of a CRLF): each line once, each needle's `indexOf` going through the text once.
 */
export function countLinesHolding(
  text: string,
  needles: readonly string[],
  test: (line: string, raw: string) => boolean,
  enough = Number.POSITIVE_INFINITY,
): number {
  let count = 0;
  const next = nextOfNeedles(text, needles);
  for (let at = next(0); at !== -1 && count < enough; ) {
    // No needle holds a line break: the line is the one around `at`.
    const start = text.lastIndexOf('\n', at) + 1;
    const end = text.indexOf('\n', at);
    const raw = end === -1 ? text.slice(start) : text.slice(start, end);
    // As `countCandidateLines` takes a line: the CR before a line feed left out.
    if (test(end !== -1 && raw.endsWith('\r') ? raw.slice(0, -1) : raw, raw)) count += 1;
    if (end === -1) break;
    at = next(end + 1);
  }
  return count;
}
