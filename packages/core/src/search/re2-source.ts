import { escapeEnd } from './regex-source.js';

/** How the JavaScript regex runs: with the `u` flag (else the legacy syntax), ignoring case. */
export interface Re2Flags {
  unicode: boolean;
  ignoreCase: boolean;
}

/**
 * A JavaScript regex written for RE2 with JavaScript's meaning, or `undefined` when that cannot be
 * done here (a backreference, lookaround, modifiers, an escape RE2 lacks): the caller runs it elsewhere or refuses.
 * Where the engines' meanings part, the JavaScript one is written out: `.` leaves out CR, U+2028 and
 * U+2029 (RE2's only the line feed); `\s` and `\S` are JavaScript's spaces (RE2's are ASCII's); a class
 * is read atom by atom, `\b` in it a backspace and `[` a bracket (RE2 reads `[:alpha:]`); `[]` matches
 * nothing and `[^]` anything; a count loses its leading zeros (RE2 reads `{01}` as text); `\u` escapes
 * (a surrogate pair as one character), `\cJ` and `\0` become `\x{...}`. Without `unicode` (the legacy
 * syntax), an escaped letter that names nothing is that letter, `\p` is `p`, and a range with a class
 * escape at an end (`[\w-a]`) is the two and a "-". Ignoring case, JavaScript matches `\P{Ll}` with
 * every character one of whose case forms is not in Ll (so `a`, for `A`); RE2 has no way to say that: not written;
 * nor, without `unicode`, a surrogate pair repeated or in a class, or a surrogate escaped or alone.
 * Ignoring case, `\w` and `\b` still part on U+017F and U+212A: see `foldedForRe2`.
 */
export function re2SourceOf(source: string, flags: Re2Flags): string | undefined {
  // Without `u` a surrogate is a character of its own (`😀?` makes the pair's second half optional), and RE2 reads pairs.
  if (!flags.unicode && /\\u[dD][89a-fA-F]/.test(source)) return undefined;
  let written = '';
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (char === '\\') {
      const escaped = escapeOf(source, index, flags, false);
      if (escaped === undefined) return undefined;
      written += escaped.written;
      index = escaped.end;
    } else if (char === '[') {
      const kept = classOf(source, index, flags);
      if (kept === undefined) return undefined;
      written += kept.written;
      index = kept.end;
    } else if (char === '{' && countAt(source, index)) {
      const [whole, least, comma = '', most = ''] = countAt(source, index)!;
      // JavaScript reads `x{01}` as one x; RE2 reads a count with a leading zero as text.
      written += `{${withoutLeadingZeros(least!)}${comma}${withoutLeadingZeros(most)}}`;
      index += whole.length - 1;
    } else if (char === '.') written += `[^${lineTerminators}]`;
    else if (char === ']') written += '\\]';
    // Modifiers (`(?i:...)`, V8 12.5 on): RE2 has them, but not with a line read folded (see `foldedForRe2`).
    else if (char === '(' && /^\(\?[a-zA-Z-]/.test(source.slice(index, index + 3))) return undefined;
    else if (!flags.unicode && surrogate.test(char)) {
      // Without `u`, a pair alike on both engines unless repeated alone.
      if (!/^[\ud800-\udbff][\udc00-\udfff](?![*+?{])/.test(source.slice(index, index + 3))) return undefined;
      written += source.slice(index, index + 2);
      index += 1;
    } else written += char;
  }
  return written;
}

/** The repeat count (`{2}`, `{2,}`, `{2,5}`) that starts at `at`, or null. */
function countAt(source: string, at: number): RegExpExecArray | null {
  counts.lastIndex = at;
  return counts.exec(source);
}

const counts = /\{(\d+)(?:(,)(\d*))?\}/y;
const withoutLeadingZeros = (digits: string) => digits.replace(/^0+(?=\d)/, '');

/**
 * The line as RE2 is to read it ignoring case under `unicode`: there JavaScript takes U+017F (long s)
 * and U+212A (Kelvin) for the ASCII letters they fold to, in `\w` and `\b` too, and RE2's `\b` does
 * not; both engines close every character and class under case folding, so they read the letter
 * itself alike. The same length: match offsets stay the line's.
 */
export function foldedForRe2(line: string): string {
  return foldsToAscii.test(line) ? line.replace(/\u017f/g, 's').replace(/\u212a/g, 'k') : line;
}

const foldsToAscii = /[\u017f\u212a]/;

const surrogate = /[\ud800-\udfff]/;

/** JavaScript's line terminators, other than the line feed no line holds, as RE2 writes them. */
const lineTerminators = '\\n\\r\\x{2028}\\x{2029}';

/** JavaScript's `\s`: white space and line terminators (ECMA-262 WhiteSpace and LineTerminator), as ranges. */
const spaces: [number, number][] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];

const rangesText = (ranges: [number, number][]) => ranges.map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${hex(to)}`)).join('');
const hex = (code: number) => `\\x{${code.toString(16)}}`;
const spaceClass = rangesText(spaces);
const notSpaceClass = rangesText(
  [...spaces, [0x110000, 0x110000] as [number, number]]
    .map(([from], at, all): [number, number] => [at === 0 ? 0 : all[at - 1]![1] + 1, from - 1])
    .filter(([from, to]) => from <= to),
);

/** Long names of general categories RE2 knows by their short ones. */
const categories: Record<string, string> = {
  Letter: 'L',
  Uppercase_Letter: 'Lu',
  Lowercase_Letter: 'Ll',
  Titlecase_Letter: 'Lt',
  Modifier_Letter: 'Lm',
  Other_Letter: 'Lo',
  Mark: 'M',
  Number: 'N',
  Decimal_Number: 'Nd',
  Letter_Number: 'Nl',
  Other_Number: 'No',
  Punctuation: 'P',
  Symbol: 'S',
  Separator: 'Z',
  Space_Separator: 'Zs',
  Other: 'C',
  Control: 'Cc',
};

interface Written {
  written: string;
  end: number;
}

/** The escape whose backslash is at `backslash`, written for RE2 (in a class or not), and where it ends. */
function escapeOf(source: string, backslash: number, flags: Re2Flags, inClass: boolean): Written | undefined {
  const { unicode } = flags;
  const next = source[backslash + 1];
  if (next === undefined) return undefined;
  const end = escapeEnd(source, backslash);
  if (end === -1) return undefined;
  const body = source.slice(backslash + 2, end + 1);
  const same = { written: source.slice(backslash, end + 1), end };
  switch (next) {
    case 's':
      return { written: inClass ? spaceClass : `[${spaceClass}]`, end };
    case 'S':
      return { written: inClass ? notSpaceClass : `[^${spaceClass}]`, end };
    case 'b':
      return inClass ? { written: hex(8), end } : same;
    case 'u': {
      // Legacy syntax reads `\u12` and `\u{41}` as "u" (then "12", or 41 of them).
      if (!/^(?:[0-9a-fA-F]{4}|\{[0-9a-fA-F]+\})$/.test(body) || (!unicode && body.startsWith('{')))
        return unicode ? undefined : { written: 'u', end: backslash + 1 };
      const code = Number.parseInt(body.replace(/[{}]/g, ''), 16);
      const low = /^\\u([dD][c-fC-F][0-9a-fA-F]{2})/.exec(source.slice(end + 1, end + 7));
      if (code >= 0xd800 && code <= 0xdbff && low) {
        return { written: hex((code - 0xd800) * 0x400 + Number.parseInt(low[1]!, 16) - 0xdc00 + 0x10000), end: end + 6 };
      }
      return { written: hex(code), end };
    }
    case 'x':
      return body.length === 2 ? same : unicode ? undefined : { written: 'x', end: backslash + 1 };
    case 'c':
      return body === '' ? undefined : { written: hex(body.charCodeAt(0) % 32), end };
    case 'p':
    case 'P':
      if (!unicode) return { written: next, end: backslash + 1 };
      return next === 'P' && flags.ignoreCase ? undefined : propertyOf(next, body, end);
    case 'd':
    case 'D':
    case 'w':
    case 'W':
    case 'B':
    case 't':
    case 'n':
    case 'r':
    case 'f':
    case 'v':
      return same;
    default:
      if (next === '0' && end === backslash + 1) return { written: hex(0), end };
      // A backreference (or a legacy octal escape), `\k<name>`: RE2 has neither.
      if (/[\dk]/.test(next)) return undefined;
      if (/[A-Za-z]/.test(next)) return unicode ? undefined : { written: next, end };
      return { written: /[!-/:-@[-`{-~]/.test(next) ? `\\${next}` : next, end };
  }
}

/** `\p{...}` as RE2 names it (`Script=Latin` is `Latin`, `gc=Letter` is `L`), or `undefined`. */
function propertyOf(letter: string, body: string, end: number): Written | undefined {
  const [key, value] = body.slice(1, -1).split('=') as [string, string | undefined];
  const name = value === undefined ? key : ['Script', 'sc', 'General_Category', 'gc'].includes(key) ? value : undefined;
  return name === undefined ? undefined : { written: `\\${letter}{${categories[name] ?? name}}`, end };
}

/** The class opened at `open`, written for RE2, and where it ends; `undefined` when it cannot be. */
function classOf(source: string, open: number, flags: Re2Flags): Written | undefined {
  const negated = source[open + 1] === '^';
  const parts: string[] = [];
  let notSpace = false;
  let index = open + (negated ? 2 : 1);
  while (source[index] !== ']') {
    const first = classAtom(source, index, flags);
    if (first === undefined) return undefined;
    notSpace ||= first.notSpace;
    index = first.end + 1;
    if (source[index] !== '-' || source[index + 1] === ']' || index + 1 >= source.length) {
      parts.push(first.written);
      continue;
    }
    const second = classAtom(source, index + 1, flags);
    if (second === undefined) return undefined;
    notSpace ||= second.notSpace;
    index = second.end + 1;
    // Legacy syntax reads a range with a class escape at either end (`[\w-a]`) as the two and a "-".
    if (first.set || second.set) {
      if (flags.unicode) return undefined;
      parts.push(first.written, '\\-', second.written);
    } else parts.push(`${first.written}-${second.written}`);
  }
  const written = parts.length === 0 ? (negated ? '[\\x{0}-\\x{10ffff}]' : '[^\\x{0}-\\x{10ffff}]') : `[${negated ? '^' : ''}${parts.join('')}]`;
  // Written out, `\S` is ranges RE2 would fold one character at a time (seconds for a few classes); a class holding
  // it holds every character that has a case, or (negated) none, so folding changes nothing.
  return { written: notSpace && flags.ignoreCase ? `(?-i:${written})` : written, end: index };
}

/** One character of a class, or one escape (`set`: one that names many, which cannot end a range), written for RE2. */
function classAtom(source: string, at: number, flags: Re2Flags): (Written & { set: boolean; notSpace: boolean }) | undefined {
  if (at >= source.length) return undefined;
  if (source[at] !== '\\') {
    // Without `u`, a class takes either half of a pair alone.
    if (!flags.unicode && surrogate.test(source[at]!)) return undefined;
    const char = String.fromCodePoint(source.codePointAt(at)!);
    return { written: char === '[' || char === '-' ? `\\${char}` : char, end: at + char.length - 1, set: false, notSpace: false };
  }
  const escaped = escapeOf(source, at, flags, true);
  const letter = source[at + 1]!;
  return escaped && { ...escaped, set: /[dDwWsS]/.test(letter) || (flags.unicode && /[pP]/.test(letter)), notSpace: letter === 'S' };
}
