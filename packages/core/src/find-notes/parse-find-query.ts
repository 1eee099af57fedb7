import { VaultError } from '../vault/vault-error.js';
import { foldBeyondLowerCase, noteWords } from './note-words.js';
import { stopWords } from './stop-words.js';

/** A FindNotes query, read: every list folded as `noteWords` folds a note. */
export interface FindQuery {
  /**
   * The words that rank, each once, in the query's order (a quoted phrase's words among them); a
   * stop word outside quotes (`stopWords`) only when the query has no other word to rank.
   */
  words: string[];
  /** What a note must contain: each a run of words in this order (a quoted phrase; a quoted word is a run of one). */
  phrases: string[][];
  /** What a note must not contain: `-word` and `-"a phrase"`. */
  excluded: string[][];
  /** `tag:NAME`: the note must carry the tag (front matter `tags` or an inline `#tag`), or one below it (`tag:project` takes `#project/alpha`). */
  tags: string[];
  /** `-tag:NAME`: the note must not carry it. */
  excludedTags: string[];
}

/** Longest query read; a longer one is refused (a query says what to find in a few words). */
export const maxQueryLength = 1000;
/** Most words a query may hold, phrases and excluded words counted. */
export const maxQueryWords = 64;

const syntax = 'words, "quoted phrases", -excluded words and tag:NAME';

/**
 * Reads a query: whitespace separates terms; `"..."` is a phrase (an unclosed quote runs to the end);
 * a leading `-` excludes a word, phrase or tag; `tag:NAME` filters by tag. Anything that
 * is not a letter or digit separates words, so a regex or punctuation reads as the words in it.
 * Refused with INVALID_ARGUMENT: nothing to find, only exclusions, `tag:` with no name, a query over
 * `maxQueryLength` characters or `maxQueryWords` words.
 */
export function parseFindQuery(query: string): FindQuery {
  if (query.length > maxQueryLength) {
    throw new VaultError('INVALID_ARGUMENT', `The query is ${query.length} characters long, over ${maxQueryLength}. Ask in a few words (${syntax}).`);
  }
  const found: FindQuery = { words: [], phrases: [], excluded: [], tags: [], excludedTags: [] };
  let wordCount = 0;
  // Stop words outside quotes, kept apart: they rank only when no other word does.
  const stopped: string[] = [];
  for (const { excluded, text, quoted } of queryTerms(query)) {
    const tag = quoted ? undefined : tagOf(text);
    if (tag !== undefined) {
      (excluded ? found.excludedTags : found.tags).push(tag);
      continue;
    }
    const words = noteWords(text);
    wordCount += words.length;
    if (words.length === 0) continue;
    if (excluded) found.excluded.push(words);
    else {
      if (quoted) found.phrases.push(words);
      for (const word of words) {
        const ranks = quoted || !isPlainWord(text) || !stopWords.has(word) ? found.words : stopped;
        if (!ranks.includes(word)) ranks.push(word);
      }
    }
  }
  if (found.words.length === 0) found.words = stopped;
  if (wordCount > maxQueryWords) {
    throw new VaultError('INVALID_ARGUMENT', `The query holds ${wordCount} words, over ${maxQueryWords}. Keep the few that matter (${syntax}).`);
  }
  if (found.words.length === 0 && found.tags.length === 0) {
    const why = query.trim() === '' ? 'The query is empty' : 'The query has no word or tag to find (only exclusions, or no letters or digits)';
    throw new VaultError('INVALID_ARGUMENT', `${why}. Pass what to find: ${syntax}, such as {"query": "onboarding checklist -draft"}.`);
  }
  return found;
}

/**
 * Whether a term is a plain word of prose (`how`, `what's`, `does?`): letters, an apostrophe within,
 * punctuation around. Only such a term's words may be stop words: in `vprintf_s`, `is_pointer` or
 * `I/O` the short words are part of a name.
 */
function isPlainWord(text: string): boolean {
  return /^[^\p{L}\p{N}]*\p{L}+(?:['’]\p{L}+)?[^\p{L}\p{N}]*$/u.test(text);
}

/** What a query asks for, to embed: its words and phrases as written, split as `parseFindQuery` splits them, without its excluded terms and tags. */
export function findQueryText(query: string): string {
  const asked = [...queryTerms(query)].filter(({ excluded, text, quoted }) => !excluded && (quoted || !/^tag:/i.test(text)));
  return asked.map(({ text }) => text).join(' ');
}

/** The terms of a query, split at whitespace outside quotes. */
function* queryTerms(query: string): Generator<{ excluded: boolean; text: string; quoted: boolean }> {
  const term = /(-?)(?:"([^"]*)"?|([^\s"]+))/g;
  for (const match of query.matchAll(term)) {
    const [, minus, quotedText, plain] = match;
    if (quotedText !== undefined) yield { excluded: minus === '-', text: quotedText, quoted: true };
    else if (plain !== undefined) yield { excluded: minus === '-', text: plain, quoted: false };
  }
}

/** The tag `tag:NAME` names, folded, or undefined for another term. */
function tagOf(text: string): string | undefined {
  if (!/^tag:/i.test(text)) return undefined;
  const tag = foldTag(text.slice(4));
  if (tag === '') throw new VaultError('INVALID_ARGUMENT', `\`${text}\` names no tag. Write tag:NAME, such as tag:project or tag:project/alpha.`);
  return tag;
}

/** A tag as FindNotes compares tags: without `#`, lower case, no leading or trailing `/`. */
export function foldTag(tag: string): string {
  return foldBeyondLowerCase(
    tag
      .replace(/^#+/, '')
      .replace(/^\/+|\/+$/g, '')
      .normalize('NFKC')
      .toLowerCase(),
  );
}
