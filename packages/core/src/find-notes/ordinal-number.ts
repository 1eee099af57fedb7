/** The number an English ordinal of digits names (`20th` gives `20`, `1st` gives `1`), or undefined for any other word. */
export function ordinalNumber(word: string): string | undefined {
  return /^(\d+)(?:st|nd|rd|th)$/.exec(word)?.[1];
}
