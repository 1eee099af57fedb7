import { isMap, isScalar, type Node, parseDocument, visit } from 'yaml';
import { frontMatterEnd } from '../links/front-matter-end.js';

/** What FindNotes reads in a note's YAML front matter. */
export interface FrontMatterFields {
  /** Where the block ends: the offset just past its closing line's break. */
  end: number;
  title: string | undefined;
  /** The `tags` (or `tag`), each as written, without `#`. */
  tags: string[];
  /** The `aliases` (or `alias`). */
  aliases: string[];
  /** Every other string, number or boolean value (`description`, `keywords`...): body text of the note's first section. */
  other: string[];
}

/**
 * The fields of a note's front matter, read by the YAML parser without evaluating it (no alias is
 * expanded), or undefined when the note has none, or when its block is not a YAML mapping: a
 * malformed block is body text, never an error.
 */
export function frontMatterFields(text: string): FrontMatterFields | undefined {
  const end = frontMatterEnd(text);
  if (end === 0) return undefined;
  const start = text.indexOf('\n') + 1;
  const closingLine = text.lastIndexOf('\n', end - 2) + 1;
  const document = parseDocument(text.slice(start, closingLine), { keepSourceTokens: false, uniqueKeys: false });
  if (document.errors.length > 0 || !isMap(document.contents)) return undefined;
  const fields: FrontMatterFields = { end, title: undefined, tags: [], aliases: [], other: [] };
  for (const pair of document.contents.items) {
    const key = isScalar(pair.key) ? String(pair.key.value).toLowerCase() : '';
    const values = scalarsOf(pair.value as Node | null);
    if (key === 'title' && fields.title === undefined) fields.title = values.join(' ');
    // Added one by one, not spread: a list of a few hundred thousand entries is more arguments than a call takes.
    else if (key === 'tags' || key === 'tag') {
      for (const value of values) for (const tag of value.split(/[\s,]+/)) if (tag.replace(/^#+/, '') !== '') fields.tags.push(tag);
    } else for (const value of values) (key === 'aliases' || key === 'alias' ? fields.aliases : fields.other).push(value);
  }
  return fields;
}

/** Every scalar value below a node, as text (null left out), in the order written. */
function scalarsOf(node: Node | null): string[] {
  if (node === null) return [];
  if (isScalar(node)) return node.value === null || node.value === undefined ? [] : [String(node.value)];
  const values: string[] = [];
  visit(node, {
    Scalar(_key, scalar) {
      if (scalar.value !== null && scalar.value !== undefined) values.push(String(scalar.value));
    },
  });
  return values;
}
