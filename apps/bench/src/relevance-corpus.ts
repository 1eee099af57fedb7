import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { markdownFiles } from './markdown-files.js';

/** A note as the baselines index it: the fields FindNotes ranks (the corpus has no tags or aliases). */
export interface RelevanceDocument {
  path: string;
  title: string;
  headings: string;
  body: string;
}

/** A query and the notes that answer it (a known-item query: words from a note's front matter, and that note). */
export interface RelevanceQuery {
  query: string;
  answers: readonly string[];
}

/** Notes sampled for queries. */
export const sampledNotes = 500;
/** Words a query keeps: the same cut for every engine. */
const maxQueryWords = 30;

/**
 * The corpus as documents, and `sampledNotes` known-item queries: for notes drawn with a fixed seed,
 * the front matter's `description` when it says more than "Learn more about" its title, else one of
 * its `helpviewer_keywords`; the note is the answer. A query keeps the words alone (letters, digits,
 * `+#._`), so that no engine reads syntax into it.
 */
export async function relevanceCorpus(corpus: string): Promise<{ documents: RelevanceDocument[]; queries: RelevanceQuery[] }> {
  const documents: RelevanceDocument[] = [];
  const candidates: RelevanceQuery[] = [];
  for await (const { document, field } of vaultNotes(corpus)) {
    documents.push(document);
    const description = unquote(field('description'));
    const keywords = [...field('helpviewer_keywords').matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
    const query = description !== '' && !/^learn more about/i.test(description) ? description : keywords[candidates.length % Math.max(keywords.length, 1)];
    const words = wordsOf(query ?? '');
    if (words !== '') candidates.push({ query: words, answers: [document.path] });
  }
  return { documents, queries: sample(candidates, sampledNotes) };
}

/** The markdown notes of a folder as the baselines index them, but hidden ones (`.obsidian/`), which FindNotes leaves alone. */
export async function relevanceDocuments(folder: string): Promise<RelevanceDocument[]> {
  const documents: RelevanceDocument[] = [];
  for await (const { document } of vaultNotes(folder)) if (!/(^|\/)\./.test(document.path)) documents.push(document);
  return documents;
}

/** Each markdown note of `folder` as a document, with a reader of its front matter's one-line fields. */
async function* vaultNotes(folder: string): AsyncGenerator<{ document: RelevanceDocument; field: (name: string) => string }> {
  for (const file of await markdownFiles(folder)) {
    const text = await readFile(path.join(folder, file), 'utf8');
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
    const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(front)?.[1]?.trim() ?? '';
    const title = unquote(field('title')) || (/^# (.*)$/m.exec(text)?.[1] ?? '');
    const document = { path: file, title, headings: [...text.matchAll(/^#{1,6} (.*)$/gm)].map((match) => match[1]).join('\n'), body: text };
    yield { document, field };
  }
}

function unquote(value: string): string {
  return value.replace(/^(["'])(.*)\1$/, '$2');
}

function wordsOf(text: string): string {
  return (text.match(/[\p{L}\p{N}+#._]+/gu) ?? [])
    .map((word) => word.replace(/^[._]+|[._]+$/g, ''))
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, maxQueryWords)
    .join(' ');
}

/** `count` items drawn without replacement with a fixed seed (a linear congruential generator), in the order drawn. */
function sample<T>(items: readonly T[], count: number): T[] {
  const pool = [...items];
  let seed = 20_261_126;
  const drawn: T[] = [];
  while (drawn.length < count && pool.length > 0) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    drawn.push(pool.splice(seed % pool.length, 1)[0]!);
  }
  return drawn;
}
