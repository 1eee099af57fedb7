import type { TextStyle } from '@vault/core';
import picocolors from 'picocolors';

/** ripgrep's colours: paths magenta, line numbers green, matches bold red; notes dimmed. */
export function createTerminalStyle(color: boolean): TextStyle & { errorCode(text: string): string } {
  const colors = picocolors.createColors(color);
  const alarm = (text: string) => colors.bold(colors.red(text));
  return { path: colors.magenta, lineNumber: colors.green, match: alarm, note: colors.dim, errorCode: alarm };
}
