import { indexIn } from './index-in.js';

/**
 * The inline code and math of the paragraph `text[from, to)`, as sorted [start, end) ranges that
 * hold no link. Code spans first (a run of n backticks to the next run of exactly n; a backslash
 * escapes a backtick), then, between them, `$$...$$` and Obsidian's `$...$`: a `$` not followed by
 * a space opens, the next `$` not preceded by a space nor followed by a digit closes, so `costs $5
 * and $6` holds none. Linear: each run's partner is found by one backward pass.
 */
export function codeAndMathSpans(text: string, from: number, to: number): [number, number][] {
  const code = codeSpans(text, from, to);
  const spans: [number, number][] = [];
  let start = from;
  for (const span of [...code, [to, to] as [number, number]]) {
    mathSpans(text, start, span[0], spans);
    if (span[0] < span[1]) spans.push(span);
    start = span[1];
  }
  return spans;
}

function codeSpans(text: string, from: number, to: number): [number, number][] {
  const runs: [number, number][] = [];
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 92) index += 1;
    else if (code === 96) {
      let end = index;
      while (end < to && text.charCodeAt(end) === 96) end += 1;
      runs.push([index, end]);
      index = end - 1;
    }
  }
  const next = new Array<number>(runs.length).fill(-1);
  const seen = new Map<number, number>();
  for (let run = runs.length - 1; run >= 0; run -= 1) {
    const length = runs[run]![1] - runs[run]![0];
    next[run] = seen.get(length) ?? -1;
    seen.set(length, run);
  }
  const spans: [number, number][] = [];
  for (let run = 0; run < runs.length; run += 1) {
    if (next[run] === -1) continue;
    spans.push([runs[run]![0], runs[next[run]!]![1]]);
    run = next[run]!;
  }
  return spans;
}

function mathSpans(text: string, from: number, to: number, spans: [number, number][]): void {
  let open = -1;
  let noDoubleClose = false;
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 92) index += 1;
    if (code !== 36) continue;
    if (text.charCodeAt(index + 1) === 36 && index + 1 < to) {
      const close = noDoubleClose ? -1 : indexIn(text, '$$', index + 2, to);
      if (close === -1) {
        noDoubleClose = true;
        index += 1;
        continue;
      }
      spans.push([index, close + 2]);
      index = close + 1;
      open = -1;
      continue;
    }
    const next = index + 1 < to ? text[index + 1]! : ' ';
    if (open === -1) {
      if (!/\s/.test(next)) open = index;
    } else if (!/\s/.test(text[index - 1]!) && !/\d/.test(next)) {
      spans.push([open, index + 1]);
      open = -1;
    }
  }
}
