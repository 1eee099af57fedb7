/**
 * The id of a JSON-RPC message read from the start of its text, when the text cannot be parsed whole (it is not
 * valid JSON, or it is too long to be held): the value of the top-level key "id", if it is a string without escapes
 * or a safe integer and comes within `head`. A key "id" inside a nested object or in a string is not taken.
 */
export function idInHead(head: string): string | number | undefined {
  let depth = 0;
  let index = 0;
  while (index < head.length) {
    const character = head[index]!;
    if (character === '"') {
      const end = endOfString(head, index);
      if (end < 0) return undefined;
      if (depth === 1 && head.slice(index, end) === '"id"') {
        const value = /^\s*:\s*(?:(-?\d+)[\s,}]|"([^"\\]*)")/.exec(head.slice(end));
        if (!value) return undefined;
        if (value[2] !== undefined) return value[2];
        const number = Number(value[1]);
        return Number.isSafeInteger(number) ? number : undefined;
      }
      index = end;
    } else {
      if (character === '{' || character === '[') depth += 1;
      if (character === '}' || character === ']') depth -= 1;
      index += 1;
    }
  }
  return undefined;
}

/** Where the string starting at `start` ends (the index after its closing quote), or -1 if it does not end in `text`. */
function endOfString(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index += 1) {
    if (text[index] === '\\') index += 1;
    else if (text[index] === '"') return index + 1;
  }
  return -1;
}
