import { seenJson } from './seen-lines.js';

/**
 * A count the model was told: a field of the JSON it saw, or the number `pattern` captures in the
 * text (commas allowed). Throws, naming `what`, when neither is there.
 */
export function seenCount(seen: string, field: string, pattern: RegExp, what: string): number {
  const count = seenJson(seen)?.[field] ?? pattern.exec(seen)?.[1]?.replaceAll(',', '');
  if (count === undefined) throw new Error(`no count of ${what} in what the model saw`);
  return Number(count);
}
