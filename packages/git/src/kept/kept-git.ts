import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type AnswerReader, createGitProcess, type GitProcess, oneLine } from './git-process.js';
import { writeLooseObject } from './loose-objects.js';
import { objectId } from './object-id.js';

/** An object as `cat-file --batch` gives it. */
export interface GitObject {
  id: string;
  type: string;
  bytes: Buffer;
}

/**
 * The object store and refs a write needs: reading objects and refs, hashing files into blobs, writing
 * trees and commits, checking `.gitignore`, and moving a branch by compare-and-swap. Objects are written
 * here, as git writes them (`loose-objects.ts`); the rest is asked of git commands kept running, one
 * request at a time, so that recording a change starts no process (decision 0018).
 */
export interface KeptGit {
  /** An object by name (a full ref name or an id), or `undefined` when there is none. */
  readObject(name: string): Promise<GitObject | undefined>;
  /** An object's id, type and size by name (`ID^1`, `PREFIX^{commit}`), or `missing` or `ambiguous`. */
  objectInfo(name: string): Promise<{ id: string; type: string; size: number } | 'missing' | 'ambiguous'>;
  /** Writes a file (top-relative; it must exist) as a blob of its bytes as they are, and gives its id. */
  hashFile(file: string): Promise<string>;
  /** The id of a file's bytes as a blob (top-relative; it must exist), written only when it is large. */
  blobIdOf(file: string): Promise<string>;
  /** Writes a blob of these bytes (a symlink's target), and gives its id. */
  makeBlob(bytes: Buffer): Promise<string>;
  /** Writes a commit of this text (as `commitText` makes it, or its bytes), and gives its id. */
  makeCommit(text: string | Buffer): Promise<string>;
  /** Writes a tree of these bytes (as `treeBytes` makes them), and gives its id. */
  makeTree(bytes: Buffer): Promise<string>;
  /** Whether `.gitignore` (and the other exclude files) leave out a top-relative path, as an untracked file. */
  isIgnored(file: string): Promise<boolean>;
  /**
   * Moves `ref` to `next` if it is at `old` (all zeros: if it does not exist; absent: wherever it is); false when it was
   * not, or was locked; IO_ERROR when git failed otherwise. `message`: the reflog's (default: a change recorded).
   */
  moveRef(ref: string, next: string, old?: string, message?: string): Promise<boolean>;
  close(): Promise<void>;
}

/** Where the store is: the work tree's top, the object folder, the ids' length in bytes, and `core.sharedRepository` (`sharedPermissionOf`). */
export interface ObjectStore {
  top: string;
  objectsDir: string;
  idBytes: number;
  shared: number;
}

/** Pathspecs with no magic set from the environment: `:(top)` then the path as it is (check-ignore reads no other). */
const noMagic = { GIT_LITERAL_PATHSPECS: '0', GIT_GLOB_PATHSPECS: '0', GIT_NOGLOB_PATHSPECS: '0', GIT_ICASE_PATHSPECS: '0' };

/** Files up to this size are hashed and written here; larger ones by git, which streams them. */
const hashedHere = 1 << 20;

export function createKeptGit(gitPath: string, { top, objectsDir, idBytes, shared }: ObjectStore): KeptGit {
  const objects = createGitProcess(gitPath, ['cat-file', '--batch'], top);
  const infos = createGitProcess(gitPath, ['cat-file', '--batch-check'], top);
  const hasher = createGitProcess(gitPath, ['hash-object', '-w', '--no-filters', '--stdin-paths'], top);
  // check-ignore refuses every pathspec magic but `top`, so literal pathspecs are off for it: each path is asked as `:(top)PATH`.
  const ignores = createGitProcess(gitPath, ['check-ignore', '--no-index', '--stdin', '-z', '--verbose', '--non-matching'], top, noMagic);
  // One reflog message a process: update-ref --stdin takes it once (the commit's own message says what changed).
  const refs = new Map<string, GitProcess>();
  const refsSaying = (message: string) => {
    const found = refs.get(message) ?? createGitProcess(gitPath, ['update-ref', '--stdin', '-m', message], top);
    refs.set(message, found);
    return found;
  };
  const hashedByGit = (file: string) => hasher.ask(`${quoted(file)}\n`, oneLine);
  return {
    readObject: (name) => objects.ask(`${oneName(name)}\n`, batchObject),
    async objectInfo(name) {
      const [id = '', type = '', size] = (await infos.ask(`${oneName(name)}\n`, oneLine)).split(' ');
      return size === undefined ? (type === 'ambiguous' ? 'ambiguous' : 'missing') : { id, type, size: Number(size) };
    },
    async hashFile(file) {
      const bytes = smallFile(path.join(top, file));
      return bytes ? writeLooseObject(objectsDir, 'blob', bytes, idBytes, shared) : hashedByGit(file);
    },
    async blobIdOf(file) {
      const bytes = smallFile(path.join(top, file));
      return bytes ? objectId('blob', bytes, idBytes) : hashedByGit(file);
    },
    makeBlob: async (bytes) => writeLooseObject(objectsDir, 'blob', bytes, idBytes, shared),
    makeCommit: async (text) => writeLooseObject(objectsDir, 'commit', typeof text === 'string' ? Buffer.from(text) : text, idBytes, shared),
    makeTree: async (bytes) => writeLooseObject(objectsDir, 'tree', bytes, idBytes, shared),
    async isIgnored(file) {
      const [, , pattern = ''] = await ignores.ask(`:(top)${file}\0`, fields(4));
      return pattern !== '' && !pattern.startsWith('!');
    },
    async moveRef(ref, next, old, message = 'vault-text-tools: a change recorded') {
      // A transaction: prepared (the ref locked and checked against `old`), then committed. A ref not at `old` ends the process.
      const answer = refsSaying(message).ask(`start\nupdate ${ref} ${next}${old === undefined ? '' : ` ${old}`}\nprepare\ncommit\n`, lines(3));
      return answer.then(
        (said) => said.join('\n') === 'start: ok\nprepare: ok\ncommit: ok',
        (error: Error) => {
          if (error.message.includes('cannot lock ref')) return false;
          throw error;
        },
      );
    },
    async close() {
      await Promise.all([objects, infos, hasher, ignores, ...refs.values()].map((process) => process.close()));
    },
  };
}

/** A file's bytes as they are now (read to its end), or `undefined` when it is larger than `hashedHere`. */
function smallFile(file: string): Buffer | undefined {
  const descriptor = openSync(file, 'r');
  try {
    return fstatSync(descriptor).size > hashedHere ? undefined : readFileSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/** `cat-file --batch`'s answer: `ID TYPE SIZE`, the bytes and a line break; or `NAME missing` (or `ambiguous`). */
const batchObject: AnswerReader<GitObject | undefined> = (output) => {
  const header = oneLine(output);
  if (!header) return undefined;
  const [id = '', type = '', size] = header.value.split(' ');
  if (size === undefined) return { value: undefined, length: header.length };
  const end = header.length + Number(size);
  if (output.length < end + 1) return { need: end + 1 };
  return { value: { id, type, bytes: Buffer.from(output.subarray(header.length, end)) }, length: end + 1 };
};

/** A name as one request line: one with a line break would be read as two. */
function oneName(name: string): string {
  if (name.includes('\n')) throw new Error(`an object name with a line break: ${JSON.stringify(name)}`);
  return name;
}

/** `count` NUL-terminated fields. */
function fields(count: number): AnswerReader<string[]> {
  return (output) => {
    const found: string[] = [];
    let at = 0;
    while (found.length < count) {
      const end = output.indexOf(0, at);
      if (end < 0) return undefined;
      found.push(output.toString('utf8', at, end));
      at = end + 1;
    }
    return { value: found, length: at };
  };
}

/** `count` lines. */
function lines(count: number): AnswerReader<string[]> {
  return (output) => {
    const found: string[] = [];
    let length = 0;
    while (found.length < count) {
      const line = oneLine(output.subarray(length));
      if (!line) return undefined;
      found.push(line.value);
      length += line.length;
    }
    return { value: found, length };
  };
}

/** A path as `--stdin-paths` reads it whatever it holds (quotes, backslashes, line breaks): C-quoted. */
function quoted(file: string): string {
  const escapes: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r' };
  return `"${file.replace(/["\\\n\r]/g, (character) => escapes[character]!)}"`;
}
