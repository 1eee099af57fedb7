import type { Identity } from '../commit-paths.js';

/** What a commit holds besides its message's text. */
export interface CommitFields {
  tree: string;
  parent: string | undefined;
  author: Identity;
  committer: Identity;
  message: string;
  /** When it is made. Default: now. */
  when?: Date;
}

/**
 * A commit object's text as `git commit-tree` writes it: the tree, the parent, author and committer
 * with the time in seconds and the local time zone, a blank line, then the message as it is. Git
 * checks, hashes and stores it (`hash-object -t commit`).
 */
export function commitText({ tree, parent, author, committer, message, when = new Date() }: CommitFields): string {
  const stamp = `${Math.floor(when.getTime() / 1000)} ${timeZone(-when.getTimezoneOffset())}`;
  const person = ({ name, email }: Identity) => `${withoutCrud(name)} <${withoutCrud(email)}> ${stamp}`;
  return `tree ${tree}\n${parent ? `parent ${parent}\n` : ''}author ${person(author)}\ncommitter ${person(committer)}\n\n${message}`;
}

/** A time zone (minutes east of UTC) as git writes it: `+0100`, `-0330`. */
export function timeZone(minutes: number): string {
  const whole = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(whole / 60)).padStart(2, '0')}${String(whole % 60).padStart(2, '0')}`;
}

/**
 * A name or address as git puts it in an identity line: without the characters it trims from both
 * ends (control characters and spaces, `.,:;<>"\\'`), and without `<`, `>` and line breaks inside.
 */
export function withoutCrud(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: git trims control characters, as this does.
  const crud = /^[\u0000-\u0020.,:;<>"\\']+|[\u0000-\u0020.,:;<>"\\']+$/g;
  return text.replace(crud, '').replace(/[<>\n]/g, '');
}
