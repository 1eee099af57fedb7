/** How the lines an agent saw differ from the lines expected, or undefined when they are the same. */
export function linesMistake(seen: string[], expected: string[]): string | undefined {
  const differing = expected.filter((line, index) => seen[index] !== line).length;
  if (differing === 0 && seen.length === expected.length) return undefined;
  return `${differing} of the ${expected.length} lines differ from the file${seen.length === expected.length ? '' : ` (${seen.length} lines answered)`}`;
}
