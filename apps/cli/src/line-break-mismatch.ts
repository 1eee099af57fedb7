/** One of TextEdit's strings as the command line got it. */
export interface EditString {
  text: string;
  /** How it was given: --old, --old-file, --new or --new-file. */
  flag: string;
  /** From a file or stdin, where a final line break is the habit; a text argument usually has none. */
  fromFile: boolean;
}

const endsWithLineBreak = (text: string) => /[\r\n]$/.test(text);

/**
 * Why an edit is refused when one string came from a file and the other from the command line and
 * only one of them ends with a line break: the edit would join two lines (or add a line break), which
 * is rarely what was meant. Undefined when both end alike, both came the same way, or the new text is
 * empty (deleting whole lines, line breaks included).
 */
export function lineBreakMismatch(oldString: EditString, newString: EditString): string | undefined {
  if (oldString.fromFile === newString.fromFile || newString.text === '') return undefined;
  if (endsWithLineBreak(oldString.text) === endsWithLineBreak(newString.text)) return undefined;
  const [ending, other] = endsWithLineBreak(oldString.text) ? [oldString, newString] : [newString, oldString];
  const effect = ending === oldString ? 'remove a line break, joining two lines' : 'add a line break';
  const fix = other.fromFile ? '' : ` (${other.flag} $'text\\n'), or give it with ${other.flag}-file`;
  return `${ending.flag} ends with a line break and ${other.flag} does not, so the edit would ${effect}. Make them end alike: end ${other.flag} with a line break too${fix}.`;
}
