import type { Vault } from '../vault/vault.js';
import { VaultError } from '../vault/vault-error.js';
import { extensionOf } from '../vault/vault-path.js';
import { createLinkResolver } from './create-link-resolver.js';
import { findLinkingNotes, loadNote, type LoadedNote } from './find-linking-notes.js';
import type { SearchBudget } from '../search/search-budget.js';
import { linkPattern } from './link-pattern.js';
import { listVaultFiles, notesToRead } from './list-vault-files.js';
import { type LinkIssue, type MovePlanContext, type NoteLinkPlan, planNoteLinks } from './plan-note-links.js';
import { readLinkFormat } from './read-link-format.js';

/** One note whose links change: where it is read (before the move) and written (after), what was read (its text dropped), and its plan. */
export interface NoteRewrite {
  note: Omit<LoadedNote, 'text'>;
  writePath: string;
  plan: NoteLinkPlan;
}

export interface MoveLinksPlan {
  context: MovePlanContext;
  rewrites: NoteRewrite[];
  /** Links left as they are (ambiguous, or no form names the target) and notes that could not be read. */
  issues: LinkIssue[];
}

/** The extensions of notes whose links are parsed (Obsidian's markdown), when the vault allows them. */
const noteExtensions = new Set(['.md', '.markdown', '.mdx']);

/** Most bytes one Move holds for its writes and its answer: each note to rewrite as read and its new text, and the links it lists. 256 MiB. */
export const maxRewriteBytes = 256 * 1024 * 1024;

/**
 * What moving `source` to `destination` (a file, or a folder and every file in it) does to the
 * vault's links: every note that may link to a moved file (or, by a moved file's new name, to
 * another) is read, and so is every moved note; each gets its plan. Nothing is written.
 */
export async function planMoveLinks(
  vault: Vault,
  source: string,
  destination: string,
  kind: 'file' | 'directory',
  budget: SearchBudget,
  maxHeld = maxRewriteBytes,
): Promise<MoveLinksPlan> {
  const checkDeadline = budget.check;
  const vaultFiles = await listVaultFiles(vault, checkDeadline);
  const { files, symlinks } = vaultFiles;
  const moved = new Map<string, string>();
  if (kind === 'file') moved.set(source, destination);
  else for (const file of files) if (file.startsWith(`${source}/`)) moved.set(file, destination + file.slice(source.length));
  const after = files.filter((file) => !moved.has(file)).concat([...moved.values()]);
  // A folder's files keep their names: a link that stops leading to one names the folder (or, made ambiguous, the new one).
  const names = kind === 'file' ? { files: [nameOf(source), nameOf(destination)], folders: [] } : { files: [], folders: [nameOf(source), nameOf(destination)] };
  const context: MovePlanContext = {
    moved,
    before: createLinkResolver(files),
    after: createLinkResolver(after),
    format: await readLinkFormat(vault),
    concerns: { pattern: new RegExp(linkPattern(names), 'gimu'), names: [...names.files, ...names.folders].map((name) => name.toLowerCase()) },
  };
  const rewrites: NoteRewrite[] = [];
  const issues: LinkIssue[] = [];
  let held = 0;
  // Each note planned as it is read: only the notes whose links change are kept, with what their writes need.
  const plan = (note: LoadedNote) => {
    checkDeadline();
    const { text, ...read } = note;
    const notePlan = planNoteLinks(note.path, text, context);
    for (const issue of notePlan.issues) issues.push(issue);
    const listed = [...notePlan.changes.flatMap((change) => [change.before, change.after]), ...notePlan.issues.map((issue) => issue.link)];
    held += 2 * listed.reduce((sum, link) => sum + link.length, 0);
    if (notePlan.changes.length > 0) held += read.bytes.length + 2 * notePlan.text.length;
    if (held > maxHeld) throw tooManyToRewrite(rewrites.length, maxHeld);
    if (notePlan.changes.length > 0) rewrites.push({ note: read, writePath: moved.get(note.path) ?? note.path, plan: notePlan });
  };
  const isNote = (path: string) => isNoteOf(vault, path);
  const { notes, ...reading } = notesToRead(vaultFiles, isNote);
  const unread = await findLinkingNotes(
    vault,
    notes.filter((note) => !moved.has(note)),
    reading,
    names,
    budget,
    plan,
  );
  // A moved symlink moves the link, not the note: its links lead from where the note really is, which stays.
  for (const path of [...moved.keys()].filter((file) => isNote(file) && !symlinks.has(file))) {
    checkDeadline();
    const note = await loadNote(vault, path);
    if ('reason' in note) unread.push(note);
    else plan(note);
  }
  for (const { path, reason } of unread)
    issues.push({ file: moved.get(path) ?? path, line: 0, link: '', reason: `not read (${reason}), its links not checked` });
  rewrites.sort((a, b) => compare(a.writePath, b.writePath));
  issues.sort((a, b) => compare(a.file, b.file) || a.line - b.line);
  return { context, rewrites, issues };
}

/** Whether the file at `path` is a note whose links count: markdown, and on the vault's allow-list. */
export function isNoteOf(vault: Vault, path: string): boolean {
  return noteExtensions.has(extensionOf(path)) && vault.options.extensions.includes(extensionOf(path));
}

/** The name a link to `path` holds, as the file is named: a note's without `.md`, another file's or a folder's whole. */
export function nameOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name.toLowerCase().endsWith('.md') ? name.slice(0, -3) : name;
}

function tooManyToRewrite(notes: number, maxHeld: number): VaultError {
  return new VaultError(
    'FILE_TOO_LARGE',
    `The notes this Move would rewrite (${notes} so far) and the links it would list add up to more than ${Math.round(maxHeld / 1024 / 1024)} MiB, more than one Move holds. Nothing was moved. Move a smaller part (a subfolder at a time), or move with \`updateLinks: false\` and fix links with TextSearch and TextEdit.`,
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
