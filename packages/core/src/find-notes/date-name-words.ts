const months = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/**
 * The words a note's name says as a date besides its digits, when it begins with one written
 * `YYYY-MM-DD` (a daily note, `2026-11-20`, or `2026-11-20 kickoff`): the month's English name, and
 * the day without its leading zero (`november`, `2` for `02`), so that "the 2nd of November" finds it.
 * None for any other name, or a month or day that no date has.
 */
export function dateNameWords(name: string): string[] {
  const date = /^\d{4}-(\d{2})-(\d{2})(?!\d)/.exec(name);
  if (!date) return [];
  const [month, day] = [Number(date[1]), Number(date[2])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return [];
  return [months[month - 1]!, ...(date[2]!.startsWith('0') ? [String(day)] : [])];
}
