import { firstCharacters } from '../text/character-boundary.js';
import { escapeName } from '../vault/vault-path.js';

/** Longest part of a link an answer shows. */
const maxShownLink = 200;

/** A link as one line of an answer: cut past `maxShownLink` characters (never inside a character, nor inside an escape), line breaks and unsafe characters escaped. */
export function shownLink(link: string): string {
  return link.length > maxShownLink ? `${escapeName(firstCharacters(link, maxShownLink))}...` : escapeName(link);
}
