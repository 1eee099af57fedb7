import { z } from 'zod';
import { firstCharacters } from '../text/character-boundary.js';
import { checkWholeCharacters } from '../text/text-codec.js';
import { VaultError } from '../vault/vault-error.js';
import { escapeName } from '../vault/vault-path.js';

/**
 * A tool's input checked against its schema. An argument the tool does not know is refused, never
 * dropped (a misspelt `expected_hash` would otherwise edit with no stale check), naming the closest
 * known parameter. A string argument holding half a surrogate pair is refused too: no file or name
 * holds one (UTF-8 cannot encode it), and a message quoting the argument would hand it back.
 */
export function parseToolInput(tool: { name: string; inputSchema: z.ZodObject }, input: unknown): unknown {
  const parsed = tool.inputSchema.safeParse(input);
  if (parsed.success) {
    for (const [name, value] of Object.entries(parsed.data)) if (typeof value === 'string') checkWholeCharacters(value, name);
    return parsed.data;
  }
  const known = Object.keys(tool.inputSchema.shape);
  const unknownKeys = parsed.error.issues.flatMap((issue) => (issue.code === 'unrecognized_keys' ? issue.keys : []));
  if (unknownKeys.length > 0) {
    const named = unknownKeys.slice(0, 5).map((key) => {
      const closest = closestName(key, known);
      return `${shown(key)}${closest ? ` (did you mean ${closest}?)` : ''}`;
    });
    throw new VaultError(
      'INVALID_ARGUMENT',
      `${tool.name} has no parameter ${named.join(', ')}${unknownKeys.length > 5 ? ` and ${unknownKeys.length - 5} more` : ''}; an unknown argument is refused, never ignored. Its parameters: ${known.join(', ')}.`,
    );
  }
  throw new VaultError('INVALID_ARGUMENT', `Invalid input for ${tool.name}: ${z.prettifyError(parsed.error)}. Fix the arguments and call again.`);
}

/** A key as shown in a message: escaped and cut, since a caller can send anything. */
function shown(key: string): string {
  return escapeName(key.length > 60 ? `${firstCharacters(key, 60)}…` : key);
}

/** The known name closest to `key`: the same once case, `_` and `-` are ignored, else within a few edits. */
function closestName(key: string, known: readonly string[]): string | undefined {
  const normalize = (name: string) => name.slice(0, 60).toLowerCase().replace(/[_-]/g, '');
  const wanted = normalize(key);
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(wanted, normalize(name));
    if (distance <= Math.max(2, Math.floor(name.length / 4)) && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** Levenshtein distance, for short strings (both are cut to 60 characters). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let row = 1; row <= a.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= b.length; column += 1) {
      current[column] = Math.min(previous[column]! + 1, current[column - 1]! + 1, previous[column - 1]! + (a[row - 1] === b[column - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
