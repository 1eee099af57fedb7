import { firstCharacters } from '../text/character-boundary.js';
import { loneSurrogate } from '../text/text-codec.js';
import { VaultError } from './vault-error.js';

/** The vault's trash folder, relative to the root. RemoveFile moves files here. */
export const trashFolder = '.trash';

/**
 * Turns a tool path (vault-relative, or absolute inside the vault) into the canonical
 * vault-relative form: `/`-separated, no `.`, `..` or empty segments, `''` for the root.
 * Backslashes count as separators. Refuses NUL bytes and anything that leaves the root lexically;
 * symlinks are the backend's part.
 */
export function resolveVaultPath(input: string, root: string): string {
  if (input.includes('\0')) {
    throw new VaultError('INVALID_ARGUMENT', `The path ${JSON.stringify(input)} contains a NUL byte. Pass a plain vault-relative path such as notes/a.md.`);
  }
  const path = input.replaceAll('\\', '/');
  const rootPath = root.replaceAll('\\', '/').replace(/\/+$/, '');
  let relative = path;
  if (isAbsolute(path)) {
    if (path !== rootPath && !path.startsWith(`${rootPath}/`)) {
      throw new VaultError(
        'PATH_OUTSIDE_VAULT',
        `The path ${input} is outside the vault. Paths are vault-relative (for example ${path.replace(/^\/+|^[A-Za-z]:\/+/, '') || 'notes/a.md'}), or absolute paths inside the vault.`,
      );
    }
    relative = path.slice(rootPath.length);
  }
  const segments: string[] = [];
  for (const segment of relative.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) {
        throw new VaultError('PATH_OUTSIDE_VAULT', `The path ${input} leads outside the vault. Use a path inside the vault, relative to its root.`);
      }
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  const relativePath = segments.join('/');
  if (relativePath.length > maxPathLength / 3 && new TextEncoder().encode(relativePath).length > maxPathLength) {
    throw new VaultError(
      'INVALID_ARGUMENT',
      `The path ${escapeName(firstCharacters(relativePath, 100))}… is longer than ${maxPathLength} bytes, which no file system here can hold. Use a shorter path.`,
    );
  }
  return relativePath;
}

/** The longest vault-relative path, in UTF-8 bytes (Linux's PATH_MAX less the vault's own path, roughly): the same bound on every backend. */
const maxPathLength = 4000;

function isAbsolute(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:\//.test(path);
}

/** True when a segment of the path starts with a dot (`.git`, `.obsidian`, `.trash`). */
export function isHiddenPath(relativePath: string): boolean {
  // A segment starts with a dot where the path does, or right after a slash (no array made: a walk asks it of every file).
  return relativePath.startsWith('.') || relativePath.includes('/.');
}

/** True when the path lies in the vault's trash folder. */
export function isInTrash(relativePath: string): boolean {
  return relativePath === trashFolder || relativePath.startsWith(`${trashFolder}/`);
}

/** A path inside the trash as it was before removal (`.trash/notes/a.md` -> `notes/a.md`); any other path as it is. */
export function withoutTrash(relativePath: string): string {
  return relativePath.startsWith(`${trashFolder}/`) ? relativePath.slice(trashFolder.length + 1) : relativePath;
}

/** Whether a tool path names a folder by its form: it ends with a slash, or with a `.` or `..` segment (`b.md/`, `b.md/.`). */
export function namesFolder(input: string): boolean {
  return /(^|[/\\])\.{0,2}$/.test(input);
}

/** The file name's extension, lower-cased with its dot (`.md`), or `''` when it has none. */
export function extensionOf(relativePath: string): string {
  const name = relativePath.slice(relativePath.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** Joins vault-relative paths, the root being `''`. */
export function joinVaultPath(directory: string, name: string): string {
  return directory === '' ? name : `${directory}/${name}`;
}

/** The parent folder of a vault-relative path (`''` for a path at the root). */
export function parentOf(relativePath: string): string {
  const slash = relativePath.lastIndexOf('/');
  return slash === -1 ? '' : relativePath.slice(0, slash);
}

/**
 * Characters a tool never puts in a new name: C0 and C1 controls (a line break or a terminal escape
 * could forge a line of output), the line and paragraph separators U+2028 and U+2029, bidirectional
 * overrides and isolates, and the invisible characters that make two names look alike (soft hyphen,
 * zero-width space, left-to-right and right-to-left marks, word joiner, Hangul filler, BOM, tag
 * characters). Zero-width (non-)joiners stay allowed: scripts and emoji sequences need them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const unsafeInName = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b\u200e\u200f\u2028-\u202e\u2060\u2066-\u2069\u3164\ufeff]|\udb40[\udc00-\udc7f]/;
const shownEscaped = new RegExp(`${unsafeInName.source}|${loneSurrogate.source}`, 'g');

/** Refuses a path for a new file or folder whose name would hold an unsafe character or half a surrogate pair. */
export function checkNewName(path: string): void {
  const unsafe = unsafeInName.exec(path) ?? loneSurrogate.exec(path);
  if (unsafe) {
    throw new VaultError(
      'INVALID_ARGUMENT',
      `The path ${escapeName(path)} holds the character ${escapeName(unsafe[0])} (a control, bidirectional or invisible character, or half a surrogate pair), which the tools never put in a name. Choose a name without it.`,
    );
  }
}

/** A name as shown in text output: unsafe characters (see `checkNewName`) and lone surrogates JSON-escaped (`\n`, `\u202e`), so no name can forge a line. */
export function escapeName(name: string): string {
  const escapes: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
  const hex = (unit: string) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
  // A match may be two UTF-16 units (a tag character): each is shown.
  return name.replace(shownEscaped, (found) => escapes[found] ?? found.split('').map(hex).join(''));
}
