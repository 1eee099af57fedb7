import type { SearchBudget } from '../search/search-budget.js';
import type { Vault } from '../vault/vault.js';
import { createLineCounter } from './create-line-counter.js';
import { createLinkResolver, type LinkResolver } from './create-link-resolver.js';
import { findLinkingNotes, type LoadedNote } from './find-linking-notes.js';
import { linkOffsets, linkPattern } from './link-pattern.js';
import { ownSubpaths, type Subpath, subpathOf } from './link-subpaths.js';
import { listVaultFiles, notesToRead } from './list-vault-files.js';
import { parseLinks } from './parse-links.js';
import { detached, type LinkChange, type LinkIssue } from './plan-note-links.js';
import { isNoteOf, nameOf } from './plan-move-links.js';
import { type AnchorRename, rewriteSubpath } from './rewrite-subpath.js';

/** A change to a note's text: `[start, end)` replaced by `text`; in a link's subpath, that link. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
  link?: Subpath;
}

/** One note to write: what was read (the stale check), its new text, and the links changed in it. */
export interface PlannedNote {
  path: string;
  bytes: Uint8Array;
  bom: boolean;
  text: string;
  changes: LinkChange[];
}

export interface AnchorPlan {
  /** The note holding the heading (or block) first, then the others by path. */
  notes: PlannedNote[];
  /** Notes left as they were (not readable, or their links would not read back), with why. */
  issues: LinkIssue[];
}

/**
 * What renaming a heading (or a block id) of the note `note` does: the edit of its own line
 * (`ownEdit`), and every link to it, from the note itself (`[[#Old]]`, `[[Note#Old]]`) and from the
 * notes that may link to the note (found as a Move finds them), rewritten in its form. A note whose
 * links would not parse the same after the rewrite is left as it is and reported. Nothing is written.
 */
export async function planAnchorRename(vault: Vault, note: LoadedNote, ownEdit: TextEdit, rename: AnchorRename, budget: SearchBudget): Promise<AnchorPlan> {
  const vaultFiles = await listVaultFiles(vault, budget.check);
  const resolver = createLinkResolver(vaultFiles.files);
  const names = { files: [nameOf(note.path)], folders: [] };
  const pattern = new RegExp(linkPattern(names), 'gimu');
  const issues: LinkIssue[] = [];
  const others: PlannedNote[] = [];
  const own = [ownEdit, ...ownSubpaths(note.text).flatMap((subpath) => subpathEdit(note.text, subpath, rename))];
  const first = applyEdits(note, [...own, ...linkEdits(note, parseLinks(note.text), resolver, note.path, rename)]);
  if ('reason' in first) return { notes: [], issues: [first] };
  const { notes, ...reading } = notesToRead(vaultFiles, (file) => isNoteOf(vault, file));
  const unread = await findLinkingNotes(
    vault,
    notes.filter((path) => path !== note.path),
    reading,
    names,
    budget,
    (loaded) => {
      budget.check();
      const planned = applyEdits(loaded, linkEdits(loaded, parseLinks(loaded.text, linkOffsets(loaded.text, pattern)), resolver, note.path, rename));
      if ('reason' in planned) issues.push(planned);
      else if (planned.changes.length > 0) others.push(planned);
    },
  );
  for (const { path, reason } of unread) issues.push({ file: path, line: 0, link: '', reason: `not read (${reason}), its links not checked` });
  others.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { notes: [first, ...others], issues };
}

/** The edits of the links of `note` that lead to `target` and name the renamed heading or block. */
function linkEdits(note: LoadedNote, links: ReturnType<typeof parseLinks>, resolver: LinkResolver, target: string, rename: AnchorRename): TextEdit[] {
  return links.flatMap((link) => {
    const subpath = subpathOf(note.text, link);
    if (!subpath) return [];
    const resolved = resolver.resolve(link, note.path);
    if (resolved.kind !== 'file' || resolved.path !== target) return [];
    return subpathEdit(note.text, subpath, rename, link.form);
  });
}

function subpathEdit(text: string, subpath: Subpath, rename: AnchorRename, form: Parameters<typeof rewriteSubpath>[3] = 'plain'): TextEdit[] {
  const written = rewriteSubpath(text.slice(subpath.start, subpath.end), subpath.url, rename, form);
  return written === undefined ? [] : [{ start: subpath.start, end: subpath.end, text: written, link: subpath }];
}

/**
 * The note's new text with the edits made, and each changed link before and after; a LinkIssue
 * when its links would not read back as they were (as many, of the same kinds, at the same places).
 */
function applyEdits(note: LoadedNote, edits: TextEdit[]): PlannedNote | LinkIssue {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  const lines = createLineCounter(note.text);
  const pieces: string[] = [];
  const changes: LinkChange[] = [];
  let copied = 0;
  for (const edit of sorted) {
    if (edit.start < copied) continue;
    pieces.push(note.text.slice(copied, edit.start), edit.text);
    copied = edit.end;
    const { link } = edit;
    if (!link) continue;
    const whole = note.text.slice(link.linkStart, link.linkEnd);
    const after = whole.slice(0, edit.start - link.linkStart) + edit.text + whole.slice(edit.end - link.linkStart);
    changes.push({ file: note.path, line: lines(edit.start), before: detached(whole), after: detached(after) });
  }
  pieces.push(note.text.slice(copied));
  const text = pieces.join('');
  const shape = (source: string) =>
    parseLinks(source)
      .map((link) => link.kind)
      .join() + ownSubpaths(source).length;
  if (changes.length > 0 && shape(text) !== shape(note.text)) {
    return { file: note.path, line: 0, link: '', reason: 'its links would not read back the same once rewritten; left as it was' };
  }
  return { path: note.path, bytes: note.bytes, bom: note.bom, text, changes };
}
