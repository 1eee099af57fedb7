/** A fence line: indent, blockquote markers or a list marker, then three or more backticks or tildes. */
const fenceOpen = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?(`{3,}|~{3,})/;
const mathOpen = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?\$\$/;

/**
 * The paragraphs of `text` from `from` on, where links can be: runs of non-blank lines outside
 * code fences (``` or ~~~, closed by a line of the same character at least as long, or open to
 * the end) and `$$` math blocks. Offsets are [start, end) of the text; each line is read once.
 */
export function proseRanges(text: string, from: number): [number, number][] {
  const ranges: [number, number][] = [];
  let paragraph = -1;
  let closing: ((line: string) => boolean) | undefined;
  for (let start = from; start < text.length; ) {
    let end = text.indexOf('\n', start);
    end = end === -1 ? text.length : end + 1;
    const line = text.slice(start, end).replace(/\r?\n$/, '');
    if (closing) {
      if (closing(line)) closing = undefined;
    } else {
      closing = blockOpened(line);
      const prose = closing === undefined && line.trim() !== '';
      if (prose && paragraph === -1) paragraph = start;
      if (!prose && paragraph !== -1) {
        ranges.push([paragraph, start]);
        paragraph = -1;
      }
    }
    start = end;
  }
  if (paragraph !== -1) ranges.push([paragraph, text.length]);
  return ranges;
}

/** When `line` opens a code fence or a math block: the test of the line that closes it. */
function blockOpened(line: string): ((line: string) => boolean) | undefined {
  const fence = fenceOpen.exec(line);
  if (fence && !(fence[1]![0] === '`' && line.slice(fence[0].length).includes('`'))) {
    const [marker, length] = [fence[1]![0]!, fence[1]!.length];
    return (candidate) => {
      const closer = /^[ \t>]*(`{3,}|~{3,})[ \t]*$/.exec(candidate);
      return closer !== null && closer[1]![0] === marker && closer[1]!.length >= length;
    };
  }
  const math = mathOpen.exec(line);
  // `$$ x $$` on one line is inline math, left to the paragraph's spans.
  if (math && !line.slice(math[0].length).includes('$$')) return (candidate) => candidate.includes('$$');
  return undefined;
}
