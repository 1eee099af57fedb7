/** `offset`, or the one before it when `offset` falls between the two halves of a surrogate pair: a cut there never splits a character. */
export function characterBoundary(text: string, offset: number): number {
  return /[\udc00-\udfff]/.test(text[offset] ?? '') ? offset - 1 : offset;
}
