/**
 * Where a note's YAML front matter ends (the offset just past its closing line's break), or 0 when
 * the note has none: the first line is `---`, and a later line is `---` or `...` (trailing spaces
 * allowed), as Obsidian reads it.
 */
export function frontMatterEnd(text: string): number {
  const first = /^---[ \t]*(\r?\n)/.exec(text);
  if (!first) return 0;
  let lineStart = first[0].length;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd).replace(/\r$/, '');
    if (/^(?:---|\.\.\.)[ \t]*$/.test(line)) return Math.min(lineEnd + 1, text.length);
    lineStart = lineEnd + 1;
  }
  return 0;
}
