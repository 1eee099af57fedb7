import type { SearchBudget } from '../search/search-budget.js';
import { comparePaths } from '../vault/compare-paths.js';
import type { Vault } from '../vault/vault.js';
import { createLineCounter } from './create-line-counter.js';
import { createLinkResolver } from './create-link-resolver.js';
import { findLinkingNotes, type UnreadNote } from './find-linking-notes.js';
import { linkOffsets, linkPattern } from './link-pattern.js';
import { listVaultFiles, notesToRead } from './list-vault-files.js';
import { parseLinks } from './parse-links.js';
import { detached } from './plan-note-links.js';
import { isNoteOf, nameOf } from './plan-move-links.js';

/** A link where it is written: the note, the 1-based line, and the whole link as written (`![[T#H|a]]`). */
export interface LinkAt {
  file: string;
  line: number;
  link: string;
  /** With `whenGone`: whether the link would still lead to one file once this one is gone (a note of the same name elsewhere). */
  leadsElsewhere?: boolean;
}

/** The links to one file from the other notes, and the notes that could not be read to look. */
export interface LinksTo {
  links: LinkAt[];
  unread: UnreadNote[];
  /** Every file of the vault links can name (the resolver's list). */
  files: string[];
}

/**
 * Every link in the other notes of the vault that leads to the file at `path`, as the vault is now,
 * by note (in path order) and line; with `whenGone`, each says whether it would lead to another file without this one.
 * Only notes with a line where the file's name is written as a link may hold one (`findLinkingNotes`); in those, only the
 * paragraphs holding such a line are parsed.
 */
export async function findLinksTo(vault: Vault, path: string, budget: SearchBudget, whenGone = false): Promise<LinksTo> {
  const vaultFiles = await listVaultFiles(vault, budget.check);
  const resolver = createLinkResolver(vaultFiles.files);
  const without = whenGone ? createLinkResolver(vaultFiles.files.filter((file) => file !== path)) : undefined;
  const names = { files: [nameOf(path)], folders: [] };
  const pattern = new RegExp(linkPattern(names), 'gimu');
  const found: LinkAt[][] = [];
  const { notes, ...reading } = notesToRead(vaultFiles, (file) => isNoteOf(vault, file));
  const unread = await findLinkingNotes(
    vault,
    notes.filter((note) => note !== path),
    reading,
    names,
    budget,
    (note) => {
      const lines = createLineCounter(note.text);
      const links: LinkAt[] = [];
      for (const link of parseLinks(note.text, linkOffsets(note.text, pattern))) {
        const resolved = resolver.resolve(link, note.path);
        if (resolved.kind !== 'file' || resolved.path !== path) continue;
        const at = { file: note.path, line: lines(link.pathStart), link: detached(note.text.slice(link.linkStart, link.linkEnd)) };
        links.push(without ? { ...at, leadsElsewhere: without.resolve(link, note.path).kind === 'file' } : at);
      }
      if (links.length > 0) found.push(links);
    },
  );
  const links = found.sort((a, b) => comparePaths(a[0]!.file, b[0]!.file)).flat();
  return { links, unread, files: vaultFiles.files };
}
