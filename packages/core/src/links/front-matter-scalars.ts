import { isScalar, parseDocument, visit } from 'yaml';

/** How a YAML scalar is written, as far as a link inside it cares: quoted in one of two ways, or as it is (plain or block). */
export type ScalarQuoting = 'plain' | 'single-quoted' | 'double-quoted';

/** The scalars of a note's front matter, with where each is written (offsets in the note's text), and whether the YAML parses. */
export interface FrontMatterScalars {
  valid: boolean;
  scalars: { start: number; end: number; quoting: ScalarQuoting; value: unknown }[];
}

/**
 * The scalars of the front matter `text[0, end)` (`end` from `frontMatterEnd`), read by a YAML
 * parser (never evaluated: no aliases expanded, no tags run). Links in front matter sit in scalars,
 * and are read and written as their scalar's quoting requires.
 */
export function frontMatterScalars(text: string, end: number): FrontMatterScalars {
  const start = text.indexOf('\n') + 1;
  const closingLine = text.lastIndexOf('\n', end - 2) + 1;
  const document = parseDocument(text.slice(start, closingLine), { keepSourceTokens: false, uniqueKeys: false });
  const scalars: FrontMatterScalars['scalars'] = [];
  visit(document, {
    Scalar(_key, node) {
      if (!isScalar(node) || !node.range) return;
      const quoting = node.type === 'QUOTE_SINGLE' ? 'single-quoted' : node.type === 'QUOTE_DOUBLE' ? 'double-quoted' : 'plain';
      scalars.push({ start: start + node.range[0], end: start + node.range[1], quoting, value: node.value });
    },
  });
  return { valid: document.errors.length === 0, scalars: scalars.sort((a, b) => a.start - b.start) };
}

/** A path as written inside a scalar of this quoting, read as YAML reads it (`''` is `'`; `\"` is `"`). */
export function unquotedPath(written: string, quoting: ScalarQuoting): string {
  if (quoting === 'single-quoted') return written.replaceAll("''", "'");
  if (quoting === 'plain' || !written.includes('\\')) return written;
  const read = parseDocument(`"${written}"`);
  return read.errors.length === 0 && isScalar(read.contents) && typeof read.contents.value === 'string' ? read.contents.value : written;
}

/** A wikilink's path written as its form (a link's `form`) requires: inside a quoted scalar, so that YAML reads it back as it is. */
export function quotedPath(path: string, quoting: ScalarQuoting | 'angle'): string {
  if (quoting === 'single-quoted') return path.replaceAll("'", "''");
  if (quoting === 'double-quoted') return path.replace(/["\\]/g, '\\$&');
  return path;
}
