import { fileURLToPath } from 'node:url';
import { escapeName } from '@vault/core';

/** A root the client offered that names a folder on this machine: the folder to try, and how to name the root. */
export interface RootCandidate {
  folder: string;
  shown: string;
}

/** A root that cannot be served, and why. */
export interface SkippedRoot {
  shown: string;
  reason: string;
}

/** What a client's roots/list answer offers: the roots to try in order, the ones that cannot be served, and the file:// roots (for a message). */
export interface RootCandidates {
  candidates: RootCandidate[];
  skipped: SkippedRoot[];
  /** The roots a `--root NAME` could have chosen: every root with a name. */
  named: string[];
}

/** Longest part of a URI or name a message shows. */
const maxShown = 120;

/**
 * The roots of a roots/list answer (`roots`, as the client sent it, unchecked) that name a folder on
 * this machine, in the client's order, and those of `rootName` only when it is given; every other
 * root with why it cannot be served. Never throws: a shape the protocol does not allow (no list, a
 * root without a `uri` string) is a reason like any other. A file:// URI is always absolute, so a
 * root is never taken relative to anything.
 */
export function rootCandidates(roots: unknown, rootName: string | undefined): RootCandidates {
  const found: RootCandidates = { candidates: [], skipped: [], named: [] };
  if (!Array.isArray(roots)) return found;
  for (const [index, root] of roots.entries()) {
    const uri = isObject(root) && typeof root.uri === 'string' ? root.uri : undefined;
    const name = isObject(root) && typeof root.name === 'string' ? root.name : undefined;
    const shown = rootShown(uri, name, index);
    if (name !== undefined) found.named.push(shown);
    if (rootName !== undefined && name !== rootName) continue;
    if (uri === undefined) {
      found.skipped.push({ shown, reason: 'has no uri string' });
      continue;
    }
    const folder = folderOf(uri);
    if (typeof folder === 'string') found.candidates.push({ folder, shown });
    else found.skipped.push({ shown, reason: folder.reason });
  }
  return found;
}

/** How a message names a root: its name and URI, escaped and cut, or its place in the list. */
export function rootShown(uri: string | undefined, name: string | undefined, index: number): string {
  const cut = (text: string) => escapeName(text.length > maxShown ? `${text.slice(0, maxShown)}…` : text);
  if (uri === undefined) return name === undefined ? `root ${index + 1}` : `${cut(name)} (root ${index + 1})`;
  return name === undefined ? cut(uri) : `${cut(name)} (${cut(uri)})`;
}

/** The folder a root's URI names on this machine, or why it names none. */
function folderOf(uri: string): string | { reason: string } {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return { reason: 'is not a URI' };
  }
  if (url.protocol !== 'file:') return { reason: 'is not a file:// URI' };
  if (url.hostname !== '' && url.hostname !== 'localhost')
    return { reason: `names the host ${escapeName(url.hostname.slice(0, maxShown))}, and only folders on this machine can be served` };
  if (/%2f|%5c/i.test(url.pathname)) return { reason: 'holds an encoded slash (%2F or %5C)' };
  if (/%00/.test(url.pathname)) return { reason: 'holds an encoded NUL (%00)' };
  try {
    return fileURLToPath(url);
  } catch (error) {
    return { reason: `is not a path on this machine (${escapeName(String((error as Error)?.message).slice(0, maxShown))})` };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
