/** A fence line: indent, blockquote markers or a list marker, then three or more backticks or tildes. */
const fenceOpen = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?(`{3,}|~{3,})/;
const mathOpen = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?\$\$/;

/** When `line` opens a code fence or a math block: the test of the line that closes it. */
export function codeBlockCloser(line: string): ((line: string) => boolean) | undefined {
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
