/** What `hasColors` needs of a stream: a Node WriteStream has both, a terminal's `hasColors` among its methods. */
export interface ColorStream {
  isTTY?: boolean;
  hasColors?(env: object): boolean;
}

/**
 * Whether to colour what goes to `stream`. A non-empty FORCE_COLOR decides, even for a pipe ("0" and
 * "false" turn colours off); else a terminal with colours gets them, unless NO_COLOR is set to a
 * non-empty value or TERM is dumb. An empty NO_COLOR or FORCE_COLOR counts as unset (no-color.org,
 * force-color.org): Node's own hasColors() reads an empty NO_COLOR as set, so it is given the
 * environment without them.
 */
export function hasColors(stream: ColorStream, env: Readonly<Record<string, string | undefined>>): boolean {
  if (env.FORCE_COLOR) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  const { FORCE_COLOR, NO_COLOR, ...rest } = env;
  return stream.isTTY === true && stream.hasColors?.(NO_COLOR ? { ...rest, NO_COLOR } : rest) === true;
}
