/** Line numbers (1-based) of increasing offsets, counted once over the text. */
export function createLineCounter(text: string): (offset: number) => number {
  let line = 1;
  let nextBreak = text.indexOf('\n');
  return (offset) => {
    while (nextBreak !== -1 && nextBreak < offset) {
      line += 1;
      nextBreak = text.indexOf('\n', nextBreak + 1);
    }
    return line;
  };
}
