import picomatch from 'picomatch/posix.js';
import { firstCharacters } from '../../text/character-boundary.js';
import { VaultError } from '../../vault/vault-error.js';

/**
 * The guards picomatch puts in its regexes against `.` and `..` segments and empty names: a vault path
 * never has either (core normalises it), so they can go, and what is left runs on RE2.
 */
const pathGuards = ['(?!(?:^|\\/)\\.{1,2}(?:\\/|$))', '(?!\\.{1,2}(?:\\/|$))', '(?=.)'];
/** Bounds on a glob, far above any real one. */
const maxPatternLength = 1000;
const maxPatternGroups = 50;

/**
 * A glob as a test of vault-relative paths, case-insensitive, on RE2's linear-time engine: the
 * regex picomatch makes of a pattern with many stars (`*a*a*a...*b`) backtracks for minutes on
 * JavaScript's engine, and nothing can interrupt it there. Forms RE2 cannot run (extglob negation
 * `!(...)`) are refused.
 */
export async function compileGlob(pattern: string): Promise<(path: string) => boolean> {
  // picomatch's parsing is superlinear in the nesting of braces: a long pattern is refused before it.
  if (pattern.length > maxPatternLength || (pattern.match(/[{(]/g)?.length ?? 0) > maxPatternGroups) {
    throw new VaultError(
      'INVALID_ARGUMENT',
      `The \`filePattern\` is too complex (over ${maxPatternLength} characters or ${maxPatternGroups} braces and groups). Use a shorter glob such as "*.md" or "notes/**/*.txt".`,
    );
  }
  let source: string;
  try {
    source = picomatch.makeRe(pattern, { dot: true, nocase: true }).source;
  } catch (error) {
    throw new VaultError(
      'INVALID_ARGUMENT',
      `The \`filePattern\` ${pattern} is not a glob the matcher can read: ${firstCharacters((error as Error).message, 200)}. Use *, **, ?, [...] and {a,b}.`,
    );
  }
  for (const guard of pathGuards) source = source.replaceAll(guard, '');
  // picomatch escapes a character beyond ASCII of a plain name (`caf\é`), an escape RE2 refuses: the character stands for itself.
  source = source.replace(/\\(.)/gsu, (escaped, character: string) => (character > '\x7f' ? character : escaped));
  const { RE2JS } = await import('re2js');
  try {
    const compiled = RE2JS.compile(source, RE2JS.CASE_INSENSITIVE);
    return (path) => compiled.matches(path);
  } catch {
    throw new VaultError(
      'INVALID_ARGUMENT',
      `The \`filePattern\` ${pattern} uses a form the matcher cannot run in linear time (such as the negation !(...)). Use *, **, ?, [...] and {a,b} only.`,
    );
  }
}
