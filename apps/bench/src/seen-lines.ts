/** A numbered line the model saw; `match` is false for a search's context line. */
export interface SeenLine {
  text: string;
  match: boolean;
}

/** What the model saw, parsed, when it is a JSON object (a structured-first client's view of structured content). */
export function seenJson(seen: string): Record<string, unknown> | undefined {
  if (!seen.startsWith('{')) return undefined;
  try {
    return JSON.parse(seen) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** The text the model read: what it saw, or every string in the JSON it saw, one after another. */
export function seenText(seen: string): string {
  const json = seenJson(seen);
  return json === undefined ? seen : stringsIn(json).join('\n');
}

/** The .md paths (or bare names) in the text the model read, in order. */
export const seenPaths = (seen: string): string[] => seenText(seen).match(/[^\s"'()[\]]+\.md\b/g) ?? [];

function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(stringsIn);
}

/**
 * The numbered lines the model saw, by file ('' when no file was named): from text ("N: text" for a
 * line or a match, "N- text" for context, a line holding only a path names the file of the lines
 * below) or from JSON (objects with a number and a text, under the nearest `path`).
 */
export function seenLinesByFile(seen: string): Map<string, Map<number, SeenLine>> {
  const files = new Map<string, Map<number, SeenLine>>();
  const json = seenJson(seen);
  if (json === undefined) linesInText(seen, '', files);
  else linesInJson(json, '', files);
  return files;
}

/** The numbered lines the model saw, whatever their file (for a single-file answer). */
export function seenLines(seen: string): Map<number, SeenLine> {
  return new Map([...seenLinesByFile(seen).values()].flatMap((lines) => [...lines]));
}

const numberedLine = /^(\d+)([:-]) ?(.*)$/;
/** A line that is only a path, maybe followed by a colon. */
const pathLine = /^([^\s:[\]]+\.\w+):?$/;

function linesInText(text: string, file: string, files: Map<string, Map<number, SeenLine>>) {
  let current = file;
  for (const line of text.split('\n')) {
    const numbered = numberedLine.exec(line);
    if (numbered) add(files, current, Number(numbered[1]), { text: numbered[3]!, match: numbered[2] === ':' });
    else current = pathLine.exec(line)?.[1] ?? current;
  }
}

function linesInJson(value: unknown, file: string, files: Map<string, Map<number, SeenLine>>) {
  if (typeof value === 'string') return linesInText(value, file, files);
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  const path = typeof record.path === 'string' ? record.path : file;
  const number = record.number ?? record.line ?? record.lineNumber;
  if (typeof number === 'number' && typeof record.text === 'string') add(files, path, number, { text: record.text, match: record.match !== false });
  for (const [key, child] of Object.entries(record)) if (key !== 'text') linesInJson(child, path, files);
}

function add(files: Map<string, Map<number, SeenLine>>, file: string, number: number, line: SeenLine) {
  const lines = files.get(file) ?? new Map<number, SeenLine>();
  files.set(file, lines.set(number, line));
}
