import { checkTextToWrite, checkWholeCharacters } from '../../text/text-codec.js';
import { VaultError } from '../../vault/vault-error.js';

/** The strings checked, before the file is read, and taken with LF line breaks (a "\n" in oldString matches a CRLF too). */
export function checkStrings(oldString: string, newString: string): { needle: string; replacement: string } {
  if (oldString === '') {
    throw new VaultError('INVALID_ARGUMENT', '`oldString` is empty. Pass the exact text to replace; to write a whole new file use TextCreate.');
  }
  checkWholeCharacters(oldString, 'oldString');
  checkTextToWrite(newString, 'newString');
  const needle = withLineFeeds(oldString);
  const replacement = withLineFeeds(newString);
  if (needle === replacement) {
    throw new VaultError('INVALID_ARGUMENT', '`oldString` and `newString` are the same, so the edit would change nothing. Pass the new text in `newString`.');
  }
  return { needle, replacement };
}

/** A string an agent passed, its CRLFs taken as line breaks like the file's (compared with the file's text with LF line breaks). */
export function withLineFeeds(text: string): string {
  return text.replaceAll('\r\n', '\n');
}
