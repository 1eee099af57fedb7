import { askForLess } from './bound-text.js';
import { largest } from './largest.js';

/** Strings this short are never shortened to fit (enum values such as `directory` or `files_only` stay valid). */
const shortString = 64;

/** What to keep of a value: its first `items` list items in document order, each string at most `cap` characters, those of the last item kept at most `lastCap`. */
interface Keep {
  items: number;
  cap: number;
  lastCap: number;
}

/** What a cut left out: per list, items; per string, characters (both by JSON Pointer); and the first list item left out. */
interface Cuts {
  lists: Map<string, { omitted: number; length: number }>;
  strings: Map<string, { omitted: number; length: number }>;
  firstDropped?: { index: number };
}

/**
 * `value` (a JSON object: a tool's structured content, or its typed result) within `max` characters
 * as `JSON.stringify(value, null, indent)` writes it, the bound the text of an answer has too
 * (`boundText`). Unchanged when it fits. Otherwise cut at its end, as the text is: list items are
 * kept in document order (an item before what is inside it, a list before the lists after it) as
 * many as fit, the rest left out; a list keeps a part of its first item when not even that fits
 * whole; and when the fields outside the lists alone are over the bound, their longest strings are
 * shortened (never one of ${shortString} characters or fewer). Every field is kept, so the result
 * still fits the tool's output schema; a `cut` field says what was left out, by JSON Pointer, and
 * how to see it.
 */
export function boundJson<T extends object>(value: T, max: number, indent?: number): T & { cut?: string } {
  const size = (kept: unknown) => JSON.stringify(kept, null, indent).length;
  if (size(value) <= max) return value;
  const items = countItems(value);
  const build = (keep: Keep) => withNote(value, keep, max);
  const fits = (keep: Keep) => size(build(keep)) <= max;
  const longest = longestString(value);
  const cap = fits({ items: 0, cap: longest, lastCap: longest })
    ? longest
    : (largest(shortString, longest, (cap) => fits({ items: 0, cap, lastCap: cap })) ?? shortString);
  const kept = largest(0, items, (count) => fits({ items: count, cap, lastCap: cap })) ?? 0;
  let keep: Keep = { items: kept, cap, lastCap: cap };
  // The first item of a list, too long to keep whole: as much of it as fits.
  if (kept < items && cuts(value, keep).firstDropped?.index === 0) {
    const lastCap = largest(1, cap, (lastCap) => fits({ items: kept + 1, cap, lastCap }));
    if (lastCap !== undefined) keep = { items: kept + 1, cap, lastCap };
  }
  return build(keep) as T & { cut?: string };
}

/** The value kept, with its `cut` note. */
function withNote(value: object, keep: Keep, max: number): Record<string, unknown> {
  const found: Cuts = { lists: new Map(), strings: new Map() };
  const kept = prune(value, keep, found) as Record<string, unknown>;
  return { ...kept, cut: note(found, max) };
}

function cuts(value: object, keep: Keep): Cuts {
  const found: Cuts = { lists: new Map(), strings: new Map() };
  prune(value, keep, found);
  return found;
}

/** A copy of `value` keeping what `keep` says, recording in `found` what it left out. */
function prune(value: unknown, keep: Keep, found: Cuts): unknown {
  let seen = 0;
  const walk = (node: unknown, pointer: string, inLast: boolean): unknown => {
    if (typeof node === 'string') {
      const limit = inLast ? Math.min(keep.cap, keep.lastCap) : keep.cap;
      if (node.length <= limit || (!inLast && node.length <= shortString)) return node;
      const shortened = cutString(node, limit);
      found.strings.set(pointer, { omitted: node.length - shortened.length, length: node.length });
      return shortened;
    }
    if (Array.isArray(node)) {
      const kept: unknown[] = [];
      for (const [index, item] of node.entries()) {
        if (seen >= keep.items) {
          found.lists.set(pointer, { omitted: node.length - index, length: node.length });
          found.firstDropped ??= { index };
          break;
        }
        seen += 1;
        kept.push(walk(item, `${pointer}/${index}`, inLast || seen === keep.items));
      }
      return kept;
    }
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, field]) => [key, walk(field, `${pointer}/${escapePointer(key)}`, inLast)]));
    }
    return node;
  };
  return walk(value, '', false);
}

/** What the `cut` note says: each list cut, each string cut (the first few by name), and how to see the rest. */
function note({ lists, strings }: Cuts, max: number): string {
  const listed = [...lists].map(([pointer, { omitted, length }]) => `${pointer}: ${omitted} of ${length} ${length === 1 ? 'item' : 'items'} left out`);
  const named = [...strings].slice(0, 3).map(([pointer, { omitted, length }]) => `${pointer}: cut after ${length - omitted} of ${length} characters`);
  const more = strings.size > named.length ? [`${strings.size - named.length} more strings cut`] : [];
  return `[The answer is over its bound of ${max} characters, so its end was left out (${[...listed, ...named, ...more].join('; ')}). ${askForLess}]`;
}

/** The number of list items in `value`, nested ones included. */
function countItems(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + 1 + countItems(item), 0);
  if (value !== null && typeof value === 'object') return Object.values(value).reduce((sum: number, field) => sum + countItems(field), 0);
  return 0;
}

function longestString(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (value !== null && typeof value === 'object') return Object.values(value).reduce((longest: number, field) => Math.max(longest, longestString(field)), 0);
  return 0;
}

/** The first `length` characters of `text`, never half a surrogate pair. */
function cutString(text: string, length: number): string {
  const head = text.slice(0, length);
  return /[\ud800-\udbff]$/.test(head) ? head.slice(0, -1) : head;
}

/** A key as a JSON Pointer segment (RFC 6901). */
function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}
