/** What `hasColors` needs of a stream: a Node WriteStream has both, a terminal's `hasColors` among its methods. */
export interface ColorStream {
  isTTY?: boolean;
  hasColors?(env: object): boolean;
}

/**
 * Whether to colour what goes to `stream`. A non-empty FORCE_COLOR decides, even for a pipe ("0" and
 * "false" turn colours off); else a terminal with colours gets them, unless NO_COLOR is set to a
 * non-empty value or TERM is dumb. An empty variable counts as unset (no-color.org,
 * force-color.org): Node's own hasColors() reads an empty NO_COLOR as set, and from Node 22 an empty
 * CI as a CI without colours, so it is given the environment without the empty ones.
 */
export function hasColors(stream: ColorStream, env: Readonly<Record<string, string | undefined>>): boolean {
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  if (set.FORCE_COLOR) return set.FORCE_COLOR !== '0' && set.FORCE_COLOR !== 'false';
  const { FORCE_COLOR, ...rest } = set;
  return stream.isTTY === true && stream.hasColors?.(rest) === true;
}
