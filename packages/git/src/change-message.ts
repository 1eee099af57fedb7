import type { ChangeMeta } from '@vault/core';
import type { Identity } from './commit-paths.js';

/** The author of changes made outside the tools, whoever made them (a person, an editor, a sync tool). */
export const outsideAuthor: Identity = { name: 'Outside the vault tools', email: 'outside@vault-text-tools.invalid' };

/** Text as it may stand on one line of a commit message: control characters as spaces, at most 200 characters. */
export function oneLine(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: a control character could break a header line.
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .trim()
      .slice(0, 200)
  );
}

/** An identity from `Name <email>`, or a bare name (then an address under `.invalid` made from it). */
export function identityOf(text: string): Identity {
  const match = /^\s*([^<]*?)\s*<([^<>]*)>\s*$/.exec(text);
  const inHeader = (part: string) => oneLine(part).replace(/[<>]/g, '');
  if (match?.[1] && match[2]) return { name: inHeader(match[1]), email: inHeader(match[2]) };
  const name = inHeader(text) || 'agent';
  const local =
    name
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'agent';
  return { name, email: `${local}@vault-text-tools.invalid` };
}

/** A tool's commit message: the subject, then trailers naming the tool and the agent. */
export function toolMessage(subject: string, meta: ChangeMeta, agent: string): string {
  return `${oneLine(subject)}\n\nVault-Tool: ${oneLine(meta.tool)}\nVault-Agent: ${oneLine(agent)}\n`;
}

/** The commit message of changes made outside the tools, found before a tool wrote the same paths. */
export function outsideMessage(paths: readonly string[]): string {
  const first = oneLine(paths[0] ?? '');
  const more = paths.length > 1 ? ` (+${paths.length - 1} more)` : '';
  return `Outside change: ${first}${more}\n\nVault-Change: outside\n`;
}
