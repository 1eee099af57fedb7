import type { KeptGit } from './kept-git.js';

/** One entry of a tree: its mode as git writes it (`100644`, `40000`), its object's id, its name's bytes. */
export interface TreeEntry {
  mode: string;
  id: string;
  name: Buffer;
}

/** A file's new entry (`mode` and blob `id`), or `null`: removed. */
export type FileChange = { mode: string; id: string } | null;

/** A file (top-relative) that differs between two trees: its entry on each side (`undefined`: none there). */
export interface FileDifference {
  file: string;
  before: TreeEntry | undefined;
  after: TreeEntry | undefined;
}

/** A path git's trees cannot give a plain answer for: a folder, a symlink or a submodule there or above it. */
export const notAFile = Symbol('not a file');

/** Entries of trees kept parsed, by the trees' ids (an id names its content, so a kept tree is never stale); past it, all are let go. */
const keptEntries = 200_000;
/** Commits whose trees are kept; past it, all are let go. */
const keptCommits = 10_000;

/**
 * Reads trees through the kept `cat-file` and writes them into the object store: the entry at a path in a tree, and
 * a tree with some files changed, only the trees on their paths written anew.
 */
export function createKeptTrees(kept: KeptGit, idBytes: number) {
  const parsed = new Map<string, Map<string, TreeEntry>>();
  let parsedEntries = 0;

  async function entriesOf(tree: string): Promise<Map<string, TreeEntry>> {
    const found = parsed.get(tree);
    if (found) return found;
    const object = await kept.readObject(tree);
    if (object?.type !== 'tree') throw new Error(`git has no tree ${tree}`);
    return keep(tree, parseTree(object.bytes, idBytes));
  }

  /** Keeps a tree's entries (read, or written here) by its id. */
  function keep(tree: string, entries: Map<string, TreeEntry>): Map<string, TreeEntry> {
    if (parsedEntries + entries.size > keptEntries) {
      parsed.clear();
      parsedEntries = 0;
    }
    parsed.set(tree, entries);
    parsedEntries += entries.size;
    return entries;
  }

  /** The changes of one folder (names as keys), applied to its tree (`undefined`: none yet); `undefined` when it is left empty. */
  async function rebuild(tree: string | undefined, changes: readonly (readonly [string[], FileChange])[]): Promise<string | undefined> {
    const entries = new Map(tree ? await entriesOf(tree) : []);
    const inFolders = new Map<string, [string[], FileChange][]>();
    for (const [[key = '', ...rest], change] of changes) {
      if (rest.length > 0) inFolders.set(key, [...(inFolders.get(key) ?? []), [rest, change]]);
      else if (change) entries.set(key, { ...change, name: Buffer.from(key, 'latin1') });
      else entries.delete(key);
    }
    for (const [key, inner] of inFolders) {
      const folder = entries.get(key);
      const rebuilt = await rebuild(folder?.mode === '40000' ? folder.id : undefined, inner);
      if (rebuilt) entries.set(key, { mode: '40000', id: rebuilt, name: Buffer.from(key, 'latin1') });
      else entries.delete(key);
    }
    if (entries.size === 0) return undefined;
    const id = await kept.makeTree(treeBytes(entries.values()));
    // The next write's check reads it: kept as written, not read back.
    keep(id, entries);
    return id;
  }

  /**
   * The files (top-relative, below `folder`; `names` as in `fileAt`) that differ between two trees (`undefined`: none),
   * as `git diff-tree -r --no-renames` lists them and in its order: each with its entry on both sides (`undefined`: none
   * there). Only the trees whose ids differ are read.
   */
  async function changedFiles(before: string | undefined, after: string | undefined, names: PathNames = 'text', folder = ''): Promise<FileDifference[]> {
    const [left, right] = await Promise.all([before ? entriesOf(before) : new Map<string, TreeEntry>(), after ? entriesOf(after) : new Map()]);
    const sides = new Map<string, { before?: TreeEntry; after?: TreeEntry }>();
    // A folder's key ends in `/`: a file and a folder of one name are two entries, as git's order has them.
    const add = (side: 'before' | 'after', entry: TreeEntry) => {
      const key = entry.mode === '40000' ? `${entry.name.toString('latin1')}/` : entry.name.toString('latin1');
      sides.set(key, { ...sides.get(key), [side]: entry });
    };
    for (const entry of left.values()) add('before', entry);
    for (const entry of right.values()) add('after', entry);
    const differences: FileDifference[] = [];
    for (const key of [...sides.keys()].sort((one, other) => Buffer.compare(Buffer.from(one, 'latin1'), Buffer.from(other, 'latin1')))) {
      const { before: was, after: is } = sides.get(key)!;
      if (was?.id === is?.id && was?.mode === is?.mode) continue;
      const file = `${folder}${names === 'bytes' ? key : Buffer.from(key, 'latin1').toString()}`;
      if (key.endsWith('/')) for (const changed of await changedFiles(was?.id, is?.id, names, file)) differences.push(changed);
      else differences.push({ file, before: was, after: is });
    }
    return differences;
  }

  /** Commits' trees and parents, by the commits' ids (an id names its content); a commit made here is known by its tree alone until read. */
  const commits = new Map<string, { tree: string; parents?: string[] }>();
  const knowCommit = (commit: string, tree: string, parents?: string[]) => {
    if (commits.size >= keptCommits) commits.clear();
    commits.set(commit, { tree, ...(parents ? { parents } : {}) });
  };

  /** A commit's tree and parents, read once; `undefined` when the object is no commit. */
  async function commitInfo(commit: string): Promise<{ tree: string; parents: string[] } | undefined> {
    const known = commits.get(commit);
    if (known?.parents) return { tree: known.tree, parents: known.parents };
    const object = await kept.readObject(commit);
    if (object?.type !== 'commit') return undefined;
    const header = object.bytes.toString('latin1', 0, Math.max(0, object.bytes.indexOf('\n\n')));
    const tree = /^tree ([0-9a-f]+)$/m.exec(header)?.[1];
    if (tree === undefined) throw new Error(`git gave commit ${object.id} without a tree`);
    const parents = [...header.matchAll(/^parent ([0-9a-f]+)$/gm)].map((match) => match[1]!);
    knowCommit(commit, tree, parents);
    return { tree, parents };
  }

  return {
    /** The tree of a commit, or `undefined` when the object is no commit. */
    async treeOfCommit(commit: string): Promise<string | undefined> {
      return commits.get(commit)?.tree ?? (await commitInfo(commit))?.tree;
    },

    /** A commit's parents (none: a root commit), or `undefined` when the object is no commit. */
    async parentsOf(commit: string): Promise<string[] | undefined> {
      return (await commitInfo(commit))?.parents;
    },

    /** Keeps a commit's tree (one just made, or read), and its parents when known. */
    knowCommit,

    /**
     * The entry of a top-relative file in a tree (`names`: the path as text, or as a key of its bytes): `undefined` when
     * there is none, `notAFile` when git holds no plain file there.
     */
    async fileAt(tree: string, file: string, names: PathNames = 'text'): Promise<TreeEntry | undefined | typeof notAFile> {
      const segments = keyOf(file, names).split('/');
      let entries = await entriesOf(tree);
      for (const [index, segment] of segments.entries()) {
        const entry = entries.get(segment);
        if (entry === undefined) return undefined;
        const last = index === segments.length - 1;
        if (last) return entry.mode === '100644' || entry.mode === '100755' ? entry : notAFile;
        if (entry.mode !== '40000') return notAFile;
        entries = await entriesOf(entry.id);
      }
      return undefined;
    },

    changedFiles,

    /** `tree` with the files (top-relative; `names` as in `fileAt`) changed, written: its id. The root tree stays a tree when left empty. */
    async withChanges(tree: string, changes: ReadonlyMap<string, FileChange>, names: PathNames = 'text'): Promise<string> {
      const rebuilt = await rebuild(
        tree,
        [...changes].map(([file, change]) => [keyOf(file, names).split('/'), change] as const),
      );
      return rebuilt ?? kept.makeTree(Buffer.alloc(0));
    },
  };
}

/** How a path is given: as text (UTF-8), or as a key of its bytes, one character each (names are bytes to git, and need not be UTF-8). */
export type PathNames = 'text' | 'bytes';

/** A path as a key of its bytes. */
const keyOf = (name: string, names: PathNames) => (names === 'bytes' ? name : Buffer.from(name).toString('latin1'));

/** A raw tree object's entries: `MODE NAME\0` and the id's bytes, one after another. */
export function parseTree(bytes: Buffer, idBytes: number): Map<string, TreeEntry> {
  const entries = new Map<string, TreeEntry>();
  for (let at = 0; at < bytes.length; ) {
    const space = bytes.indexOf(32, at);
    const end = bytes.indexOf(0, space);
    const name = bytes.subarray(space + 1, end);
    entries.set(name.toString('latin1'), {
      mode: canonicalMode(bytes.toString('latin1', at, space)),
      id: bytes.toString('hex', end + 1, end + 1 + idBytes),
      name,
    });
    at = end + 1 + idBytes;
  }
  return entries;
}

/**
 * A mode as git writes it today, from one an old tree may hold (`040000`, `100664`): trees are written with
 * these, and sorted by them (a folder's name as if it ended in `/`), as `mktree` would.
 */
export function canonicalMode(mode: string): string {
  const kind = Number.parseInt(mode, 8) & 0o170000;
  if (kind === 0o040000) return '40000';
  if (kind === 0o120000) return '120000';
  if (kind === 0o160000) return '160000';
  return Number.parseInt(mode, 8) & 0o100 ? '100755' : '100644';
}

/**
 * A tree object's bytes, as `parseTree` reads them: `MODE NAME\0` and the id's bytes for each entry, in git's order
 * (names compared as bytes, a folder's as if it ended in `/`, so `a.md` comes before the folder `a`, and `a` before `a-b`).
 */
export function treeBytes(entries: Iterable<TreeEntry>): Buffer {
  const keyed = [...entries].map((entry) => ({ entry, key: entry.mode === '40000' ? Buffer.concat([entry.name, slash]) : entry.name }));
  keyed.sort((left, right) => Buffer.compare(left.key, right.key));
  return Buffer.concat(keyed.flatMap(({ entry }) => [Buffer.from(`${entry.mode} `), entry.name, nul, Buffer.from(entry.id, 'hex')]));
}

const slash = Buffer.from('/');
const nul = Buffer.from([0]);
