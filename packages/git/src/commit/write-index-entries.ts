import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { isSafeRawPath } from '../is-safe-work-tree-path.js';
import { objectId } from '../kept/object-id.js';
import { adjustSharedPermission } from '../kept/shared-permission.js';

/** The person's index: its file, the work tree's top, the ids' length in bytes, and `core.sharedRepository` (`sharedPermissionOf`). */
export interface IndexTarget {
  file: string;
  top: string;
  idBytes: number;
  shared: number;
}

/** An index larger than this is left to git, which writes it faster (and a lock held here holds the event loop). */
const writtenHere = 1 << 20;

/** What became of the records: in the index, not (its lock held by someone), or left to git (an index this writer does not handle). */
export type IndexWriteOutcome = 'written' | 'locked' | 'unusual';

/** An entry of the index: its name's bytes and its whole record as read (or made). */
interface Entry {
  name: Buffer;
  bytes: Buffer;
}

/**
 * The optional extensions kept: the cache of trees (made stale where changed) and what a merge's resolution undoes. The
 * others describe the entries as they were (offsets, untracked files, a file monitor's state) and are left out: git
 * builds them again, as any reader may ignore them.
 */
const keptExtensions = new Set(['TREE', 'REUC']);

/**
 * Writes `update-index -z --index-info` records (`MODE ID\tPATH\0`; mode 0 removes the path) into the
 * person's index as git's own `update-index` would, with no git process (decision 0018): the index
 * read and changed, then the lock (`index.lock`, beside the file a symlink leads to) taken, the index
 * checked to be the one read (read again when a person's git replaced it) and the new one renamed into place. A new entry has no file times (git looks at the file once, as after
 * `--index-info`); the cache of trees is made stale on the changed paths only; an entry whose file
 * changed in the index's last second is marked to be looked at again, as git does. `within` (top-relative paths,
 * files or folders: those the commit recorded): an entry at or under one that no record names and whose file is not
 * on disk is removed too, so the index agrees with the commit there even where a path left HEAD before the index
 * learned it (a server killed between the two, whose restart tells the index). Gives `unusual` and
 * changes nothing for what git does better or decides: an index over 1 MiB, version 4, a split or sparse
 * index, unmerged entries, a name that is also a folder, a name git's `verify_path` may refuse.
 */
export function writeIndexEntries(target: IndexTarget, records: string | Uint8Array, within: readonly string[] = []): IndexWriteOutcome {
  const changes = parseRecords(Buffer.from(records), target.idBytes);
  const indexFile = realIndex(target.file);
  if (changes === undefined || indexFile === undefined) return 'unusual';
  for (;;) {
    const bytes = readIndex(indexFile);
    const index = bytes && parseIndex(bytes.content, target.idBytes);
    if (!index) return 'unusual';
    const all = new Map(changes);
    for (const name of goneWithin(index.entries, within, changes, target.top)) all.set(name.toString('latin1'), null);
    const entries = applyChanges(index.entries, all, (entry) => racy(entry, bytes.seconds, target));
    if (!entries) return 'unusual';
    const written = replaceIndex(
      indexFile,
      serialize(index.version, entries, index.extensions, [...all.keys()], target.idBytes),
      bytes.identity,
      target.shared,
    );
    if (written !== 'changed') return written;
  }
}

/**
 * The new index put in place under its lock, held only for that (a server killed while holding it leaves it, as a killed
 * git does: so the index is read, changed and written out first): `index.lock` taken (O_EXCL), the index checked to be the
 * one read (`changed`, and nothing written, when a person's git replaced it meanwhile), the bytes written to the lock and
 * the lock renamed over the index.
 */
function replaceIndex(indexFile: string, bytes: Buffer, identity: string, shared: number): IndexWriteOutcome | 'changed' {
  const lock = `${indexFile}.lock`;
  let descriptor: number;
  try {
    descriptor = openSync(lock, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o666);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return 'locked';
    throw error;
  }
  let renamed = false;
  try {
    if (identityOf(indexFile) !== identity) return 'changed';
    writeSync(descriptor, bytes);
    closeSync(descriptor);
    descriptor = -1;
    adjustSharedPermission(lock, shared);
    renameSync(lock, indexFile);
    renamed = true;
    return 'written';
  } finally {
    if (descriptor >= 0) closeSync(descriptor);
    if (!renamed) unlinkSync(lock);
  }
}

/**
 * The blob ids the person's index holds (stage 0) at these top-relative paths, read here with no git process (a path
 * not in it is absent from the answer); `undefined` for an index this reader leaves to git's `ls-files`, as the writer
 * above does, or none yet.
 */
export function stagedIdsOf(target: IndexTarget, files: readonly string[]): Map<string, string> | undefined {
  const indexFile = realIndex(target.file);
  const bytes = indexFile === undefined ? undefined : readIndex(indexFile);
  const index = bytes && parseIndex(bytes.content, target.idBytes);
  if (!index) return undefined;
  const ids = new Map<string, string>();
  for (const file of files) {
    const name = Buffer.from(file);
    const entry = index.entries[firstNotBefore(index.entries, name)];
    if (entry?.name.equals(name)) ids.set(file, entry.bytes.toString('hex', 40, 40 + target.idBytes));
  }
  return ids;
}

/** What tells one index file from the next (git replaces it by a rename: a new inode), or `undefined` when it is gone. */
function identityOf(file: string | number): string | undefined {
  try {
    const stat = typeof file === 'number' ? fstatSync(file) : statSync(file);
    return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
  } catch {
    return undefined;
  }
}

/** The names of the entries at or under the paths (top-relative) that no change names and whose files are not on disk. */
function goneWithin(entries: Entry[], within: readonly string[], changes: Map<string, Buffer | null>, top: string): Buffer[] {
  const gone: Buffer[] = [];
  for (const file of within) {
    const name = Buffer.from(file);
    const exact = entries[firstNotBefore(entries, name)];
    const under = [...(exact?.name.equals(name) ? [exact] : [])];
    const folder = Buffer.concat([name, Buffer.from('/')]);
    for (let at = firstNotBefore(entries, folder); entries[at]?.name.subarray(0, folder.length).equals(folder); at += 1) under.push(entries[at]!);
    for (const entry of under) if (!changes.has(entry.name.toString('latin1')) && notOnDisk(top, entry.name)) gone.push(entry.name);
  }
  return gone;
}

/** Whether nothing is on disk at a top-relative name (its bytes); a folder there (a submodule's) is something. */
export function notOnDisk(top: string, name: Buffer): boolean {
  try {
    lstatSync(Buffer.concat([Buffer.from(`${top}${path.sep}`), name]));
    return false;
  } catch {
    return true;
  }
}

/** The index file a symlink leads to (git locks and replaces that one), or `undefined` when there is none yet or it is large. */
function realIndex(file: string): string | undefined {
  try {
    const real = realpathSync(file);
    return statSync(real).size > writtenHere ? undefined : real;
  } catch {
    return undefined;
  }
}

/** The records by path (latin1 keys of the names' bytes): a new entry's bytes, or `null` to remove; `undefined` when one is not `MODE ID\tPATH`. */
function parseRecords(records: Buffer, idBytes: number): Map<string, Buffer | null> | undefined {
  const changes = new Map<string, Buffer | null>();
  for (let at = 0; at < records.length; ) {
    const end = records.indexOf(0, at);
    const record = records.subarray(at, end < 0 ? records.length : end);
    at = end < 0 ? records.length : end + 1;
    const tab = record.indexOf(9);
    const match = /^([0-7]+) ([0-9a-f]+)$/.exec(record.toString('latin1', 0, Math.max(tab, 0)));
    const name = record.subarray(tab + 1);
    if (!match || match[2]!.length !== idBytes * 2 || !isSafeRawPath(undefined, name)) return undefined;
    const mode = Number.parseInt(match[1]!, 8);
    changes.set(name.toString('latin1'), mode === 0 ? null : newEntry(mode, match[2]!, name, idBytes));
  }
  return changes;
}

/** An entry with no file times (all stat fields zero), stage 0, as `--index-info` makes one; padded with NULs to a multiple of 8 bytes. */
function newEntry(mode: number, id: string, name: Buffer, idBytes: number): Buffer {
  const fixed = 40 + idBytes + 2;
  const bytes = Buffer.alloc((fixed + name.length + 8) & ~7);
  bytes.writeUInt32BE(mode, 24);
  Buffer.from(id, 'hex').copy(bytes, 40);
  bytes.writeUInt16BE(Math.min(name.length, 0xfff), 40 + idBytes);
  name.copy(bytes, fixed);
  return bytes;
}

/** The index file, and its time in seconds: an entry whose file changed in that second or after may be racily clean. */
function readIndex(indexFile: string): { content: Buffer; seconds: number; identity: string } | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(indexFile, 'r');
  } catch {
    // Gone since it was found: git makes one.
    return undefined;
  }
  try {
    const content = readFileSync(descriptor);
    return { content, seconds: Math.floor(fstatSync(descriptor).mtimeMs / 1000), identity: identityOf(descriptor)! };
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Whether an entry is racily clean and its file differs from it (as git's `ce_smudge_racily_clean_entry`
 * finds): its file's time not before the index's second, and its bytes not the entry's blob.
 */
function racy(entry: Entry, seconds: number, target: IndexTarget): boolean {
  if (entry.bytes.readUInt32BE(8) < seconds || entry.bytes.readUInt32BE(36) === 0) return false;
  try {
    // By its bytes: a name need not be UTF-8.
    const bytes = readFileSync(Buffer.concat([Buffer.from(`${target.top}${path.sep}`), entry.name]));
    return objectId('blob', bytes, target.idBytes) !== entry.bytes.toString('hex', 40, 40 + target.idBytes);
  } catch {
    return true;
  }
}

/** The index's version, entries and extensions (signature and bytes), or `undefined` for one this writer leaves to git. */
function parseIndex(content: Buffer, idBytes: number) {
  const body = content.subarray(0, content.length - idBytes);
  const trailer = content.subarray(content.length - idBytes);
  if (content.toString('latin1', 0, 4) !== 'DIRC' || content.length < 12 + idBytes) return undefined;
  if (trailer.some((byte) => byte !== 0) && !hashOf(body, idBytes).equals(trailer)) return undefined;
  const version = content.readUInt32BE(4);
  if (version !== 2 && version !== 3) return undefined;
  const entries: Entry[] = [];
  let at = 12;
  for (let count = content.readUInt32BE(8); count > 0; count -= 1) {
    const flags = content.readUInt16BE(at + 40 + idBytes);
    // Unmerged entries (a stage) are git's to handle.
    if (flags & 0x3000) return undefined;
    const nameAt = at + 40 + idBytes + 2 + (flags & 0x4000 ? 2 : 0);
    const nameEnd = content.indexOf(0, nameAt);
    const end = (nameEnd - at + 8) & ~7;
    entries.push({ name: content.subarray(nameAt, nameEnd), bytes: content.subarray(at, at + end) });
    at += end;
  }
  const extensions: { signature: string; bytes: Buffer }[] = [];
  while (at + 8 <= body.length) {
    const signature = content.toString('latin1', at, at + 4);
    const size = content.readUInt32BE(at + 4);
    // A required extension (a split or sparse index) changes what the entries mean.
    if (!/^[A-Z]/.test(signature)) return undefined;
    if (keptExtensions.has(signature)) extensions.push({ signature, bytes: content.subarray(at, at + 8 + size) });
    at += 8 + size;
  }
  return { version, entries, extensions };
}

/**
 * The entries (in git's order: names as bytes) with the changes made, racily clean ones whose files differ
 * marked to be looked at again (their size made 0, as git does); `undefined` when a new name is also a folder of
 * entries, or lies under a name that is an entry (git's checks decide those).
 */
function applyChanges(entries: Entry[], changes: Map<string, Buffer | null>, isRacy: (entry: Entry) => boolean): Entry[] | undefined {
  const result = entries.map((entry) => (isRacy(entry) ? smudged(entry) : entry));
  for (const [key, bytes] of changes) {
    const name = Buffer.from(key, 'latin1');
    const at = firstNotBefore(result, name);
    const there = at < result.length && result[at]!.name.equals(name);
    if (bytes === null) {
      if (there) result.splice(at, 1);
    } else if (there) result[at] = { name, bytes };
    else if (conflicts(result, name)) return undefined;
    else result.splice(at, 0, { name, bytes });
  }
  return result;
}

/** The position of the first entry whose name is not before `name`. */
function firstNotBefore(entries: Entry[], name: Buffer): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (Buffer.compare(entries[middle]!.name, name) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether a new name is a folder of other entries, or lies under a name that is an entry. */
function conflicts(entries: Entry[], name: Buffer): boolean {
  const folder = Buffer.concat([name, Buffer.from('/')]);
  const next = entries[firstNotBefore(entries, folder)];
  if (next?.name.subarray(0, folder.length).equals(folder)) return true;
  for (let slash = name.indexOf(47); slash >= 0; slash = name.indexOf(47, slash + 1)) {
    const above = entries[firstNotBefore(entries, name.subarray(0, slash))];
    if (above?.name.equals(name.subarray(0, slash))) return true;
  }
  return false;
}

/** A racily clean entry with its size made 0, so that git compares the file's content rather than trust its times. */
function smudged(entry: Entry): Entry {
  const bytes = Buffer.from(entry.bytes);
  bytes.writeUInt32BE(0, 36);
  return { name: entry.name, bytes };
}

/** The index's bytes: header, entries, the extensions kept (the cache of trees made stale on the changed paths), and the hash of all. */
function serialize(version: number, entries: Entry[], extensions: { signature: string; bytes: Buffer }[], changed: string[], idBytes: number): Buffer {
  const header = Buffer.alloc(12);
  header.write('DIRC', 0, 'latin1');
  header.writeUInt32BE(version, 4);
  header.writeUInt32BE(entries.length, 8);
  const kept = extensions.map(({ signature, bytes }) => (signature === 'TREE' ? staleTrees(bytes, changed, idBytes) : bytes));
  const body = Buffer.concat([header, ...entries.map((entry) => entry.bytes), ...kept]);
  return Buffer.concat([body, hashOf(body, idBytes)]);
}

/**
 * The cache of trees (`TREE`) with every tree on the way to a changed path marked stale (its entry count
 * -1, no id), as git's update-index does. Nodes come depth first, each `NAME\0COUNT SUBTREES\n` and an id when valid.
 */
function staleTrees(extension: Buffer, changed: string[], idBytes: number): Buffer {
  const parts: Buffer[] = [];
  const stack: { path: string; left: number }[] = [];
  for (let at = 8; at < extension.length; ) {
    const nul = extension.indexOf(0, at);
    const newline = extension.indexOf(10, nul);
    const name = extension.toString('latin1', at, nul);
    const [count = '', subtrees = ''] = extension.toString('latin1', nul + 1, newline).split(' ');
    while (stack.length > 0 && stack.at(-1)!.left === 0) stack.pop();
    const parent = stack.at(-1);
    if (parent) parent.left -= 1;
    const path = parent ? `${parent.path}${name}/` : '';
    stack.push({ path, left: Number(subtrees) });
    const valid = Number(count) >= 0;
    const end = newline + 1 + (valid ? idBytes : 0);
    if (valid && changed.some((file) => file.startsWith(path))) parts.push(extension.subarray(at, nul + 1), Buffer.from(`-1 ${subtrees}\n`, 'latin1'));
    else parts.push(extension.subarray(at, end));
    at = end;
  }
  const content = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.write('TREE', 0, 'latin1');
  header.writeUInt32BE(content.length, 4);
  return Buffer.concat([header, content]);
}

function hashOf(bytes: Buffer, idBytes: number): Buffer {
  return createHash(idBytes === 32 ? 'sha256' : 'sha1')
    .update(bytes)
    .digest();
}
