/**
 * The character boundary at `offset` (a UTF-16 index into `text`): `offset` itself, unless it falls
 * between the two halves of a surrogate pair (an emoji, any character past U+FFFF), where it moves to
 * the start of that character (`before`, the default: a cut there leaves the character whole to
 * what follows) or to its end (`after`: a range widened to hold it). Every cut, window and column of
 * every tool goes through it, so no answer holds half a character: a lone surrogate, which UTF-8
 * cannot encode and strict clients refuse. Boundaries are between code points, not grapheme clusters:
 * a cut may fall between the parts of a ZWJ sequence or a flag, each part whole.
 */
export function characterBoundary(text: string, offset: number, side: 'before' | 'after' = 'before'): number {
  if (!splitsPair(text, offset)) return offset;
  return side === 'before' ? offset - 1 : offset + 1;
}

/** Whether `offset` falls between a high surrogate and the low surrogate after it. */
function splitsPair(text: string, offset: number): boolean {
  const low = text.charCodeAt(offset);
  const high = text.charCodeAt(offset - 1);
  return low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
}

/** `text` cut to at most its first `max` UTF-16 units at a character boundary: a head of input a message quotes, or of a name shown. */
export function firstCharacters(text: string, max: number): string {
  return text.slice(0, characterBoundary(text, max));
}
