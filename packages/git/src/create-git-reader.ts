import { type ChangedFile, type ChangeSummary, escapeName, VaultError } from '@vault/core';
import { splitZ } from './commit-paths.js';
import type { Repository } from './open-repository.js';
import { vaultPathspec } from './open-repository.js';
import { logFormat, parseLog } from './parse-log.js';
import { readBlobs } from './read-blobs.js';
import { summaryFromCommit } from './summary-from-commit.js';

/** Most paths one `git diff` of a change is given (its command line stays short); a change of more is diffed in parts. */
const pathsPerDiff = 500;

/** Most files an Undo takes back at once. */
export const maxUndoneFiles = 1000;
/** Most bytes of file versions one Undo holds (before and after of every file it takes back): 512 MiB. */
export const maxUndoneBytes = 512 * 1024 * 1024;

/** The reading half of the history: the changes, a change's diff, a file at a change, a change's files before and after. */
export function createGitReader(repository: Repository) {
  const { prefix } = repository;
  const log = (args: readonly string[], pathspec: readonly string[]) =>
    repository.git(['log', '-z', '--no-renames', '--name-only', `--format=${logFormat}`, ...args, '--', ...pathspec], { okCodes: [0, 128] });

  /**
   * The whole id of a change, or INVALID_ARGUMENT naming what is wrong with it: the id must name a commit of the
   * branch's history (not a branch or tag of that name, which git would take first, nor a commit of another branch).
   */
  async function commitOf(change: string): Promise<string> {
    const objects = splitLines((await repository.git(['rev-parse', `--disambiguate=${change.toLowerCase()}`])).stdout);
    const commits: string[] = [];
    for (const id of objects) {
      const found = await repository.kept.objectInfo(id);
      if (typeof found !== 'string' && found.type === 'commit') commits.push(found.id);
    }
    if (commits.length > 1)
      throw new VaultError('INVALID_ARGUMENT', `${change} is the start of several changes' ids. Give more of its characters, as History shows them.`);
    // Code 1: not an ancestor of the branch's newest commit; 128: the branch has no commit yet.
    const [commit] = commits;
    if (commit !== undefined && (await repository.git(['merge-base', '--is-ancestor', commit, 'HEAD'], { okCodes: [0, 1, 128] })).code === 0) return commit;
    throw new VaultError('INVALID_ARGUMENT', `${change} is not the id of a change in this vault's history. Take an id from History.`);
  }

  async function summaryOf(commit: string, shows: (path: string) => boolean = () => true): Promise<ChangeSummary> {
    // --no-walk: the change itself or nothing (a path-limited -1 would walk on to an older change of the vault).
    const [summary] = parseLog((await log(['--no-walk', '--full-diff', commit], vaultPathspec(repository).slice(1))).stdout, prefix, shows);
    if (summary) return summary;
    throw new VaultError('INVALID_ARGUMENT', `Change ${commit.slice(0, 12)} touched no file of this vault. Take an id from History.`);
  }

  /** The parent a change is compared with: its first parent, or the empty tree for a first commit. */
  async function parentOf(commit: string): Promise<string> {
    const found = await repository.kept.objectInfo(`${commit}^1`);
    return typeof found === 'string' ? repository.kept.makeTree(Buffer.alloc(0)) : found.id;
  }

  return {
    async log({ path, offset, maxResults, shows }: { path?: string; offset: number; maxResults: number; shows: (path: string) => boolean }) {
      const pathspec = path === undefined ? vaultPathspec(repository).slice(1) : [prefix + path];
      const listed = await log(['--full-diff', `--skip=${offset}`, `-n${maxResults + 1}`, 'HEAD'], pathspec);
      // A branch with no commit yet has no history: git says so with code 128.
      const changes = listed.code === 0 ? parseLog(listed.stdout, prefix, shows) : [];
      return { changes: changes.slice(0, maxResults), more: changes.length > maxResults };
    },

    async show(change: string, maxCharacters: number, shows: (path: string) => boolean) {
      const commit = await commitOf(change);
      const parent = await parentOf(commit);
      const relative = prefix ? [`--relative=${prefix}`] : [];
      const named = await repository.git(['diff', '--name-only', '-z', '--no-renames', ...relative, parent, commit, ...vaultPathspec(repository)]);
      // Only the files the vault shows are diffed: the others' content never reaches the answer.
      const shown = splitZ(named.stdout).filter(shows);
      const args = ['diff', '--no-color', '--no-ext-diff', '--no-textconv', '--no-renames', ...relative, parent, commit, '--'];
      let diff = '';
      let cut = false;
      for (let start = 0; start < shown.length && !cut; start += pathsPerDiff) {
        const left = maxCharacters - diff.length;
        const part =
          left > 0 ? await repository.git([...args, ...shown.slice(start, start + pathsPerDiff).map((path) => prefix + path)], { maxOutput: left }) : undefined;
        const text = part?.stdout.toString('utf8') ?? '';
        cut = part?.cut ?? true;
        diff += cut ? text.slice(0, text.lastIndexOf('\n') + 1) : text;
      }
      return { summary: await summaryOf(commit, shows), diff, cut };
    },

    async fileAt(path: string, change: string, maxSize: number) {
      const commit = await commitOf(change);
      const [blob] = await readBlobs(repository, [await blobAt(repository, commit, prefix + path)], maxSize, path);
      return blob;
    },

    async filesOf(change: string, maxSize: number) {
      const commit = await commitOf(change);
      const tree = async (name: string) => {
        const found = await repository.kept.objectInfo(`${name}^{tree}`);
        return typeof found === 'string' ? undefined : found.id;
      };
      const [before, after, object] = await Promise.all([tree(`${commit}^1`), tree(commit), repository.kept.readObject(commit)]);
      const touched: { path: string; before?: string; after?: string }[] = [];
      for (const difference of await repository.trees.changedFiles(before, after)) {
        if (!difference.file.startsWith(prefix)) continue;
        const path = difference.file.slice(prefix.length);
        checkFileMode(difference.before?.mode ?? '000000', path, commit);
        checkFileMode(difference.after?.mode ?? '000000', path, commit);
        touched.push({ path, before: difference.before?.id, after: difference.after?.id });
      }
      if (touched.length > maxUndoneFiles) {
        throw new VaultError(
          'INVALID_ARGUMENT',
          `Change ${change} touched ${touched.length} files, more than the ${maxUndoneFiles} one call takes back. Take it back with git revert.`,
        );
      }
      const read =
        object && touched.length > 0
          ? summaryFromCommit(
              commit,
              object.bytes,
              touched.map(({ path }) => path),
            )
          : undefined;
      const summary = read ?? (await summaryOf(commit));
      const files: ChangedFile[] = [];
      // Both sides of every file are held at once: together within `maxUndoneBytes`.
      let held = 0;
      for (const file of touched) {
        const [before, after] = await readBlobs(repository, [file.before, file.after], Math.min(maxSize, maxUndoneBytes - held), file.path);
        held += (before?.length ?? 0) + (after?.length ?? 0);
        files.push({ path: file.path, ...(before ? { before } : {}), ...(after ? { after } : {}) });
      }
      return { summary, files };
    },

    async changesSince(change: string, paths: readonly string[], maxResults: number): Promise<ChangeSummary[]> {
      const commit = await commitOf(change);
      // The branch's last change has none after it: no walk of the history (the usual Undo: of the change just made).
      const head = await repository.kept.objectInfo('HEAD');
      if (typeof head !== 'string' && head.id === commit) return [];
      const listed = await log(
        ['--full-diff', `-n${maxResults}`, `${commit}..HEAD`],
        paths.map((path) => prefix + path),
      );
      return parseLog(listed.stdout, prefix);
    },
  };
}

/** The lines of a command's output. */
function splitLines(output: Buffer): string[] {
  return output
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '');
}

/** The blob id of a file in a commit, or `undefined` when no file (a folder, or nothing) was there. */
async function blobAt(repository: Repository, commit: string, file: string): Promise<string | undefined> {
  const listed = splitZ((await repository.git(['ls-tree', '-z', '--full-tree', commit, '--', file])).stdout);
  const entry = listed.find((line) => line.slice(line.indexOf('\t') + 1) === file);
  if (entry === undefined) return undefined;
  const [mode = '', type, id] = entry.slice(0, entry.indexOf('\t')).split(' ');
  if (type !== 'blob') return undefined;
  checkFileMode(mode, file, commit);
  return id;
}

/**
 * Refuses what git holds at a path that is no file the tools write: a symlink (its blob is the name it
 * leads to, not text) or a nested repository. `000000`: nothing there on that side of a change.
 */
function checkFileMode(mode: string, path: string, commit: string): void {
  if (mode === '100644' || mode === '100755' || mode === '000000') return;
  const what = mode === '120000' ? 'a symlink' : mode === '160000' ? 'a nested repository' : `an entry of mode ${mode}`;
  throw new VaultError(
    'NOT_A_FILE',
    `${escapeName(path)} is ${what} in change ${commit.slice(0, 12)}, not a file: History, TextRead at, Undo and Restore take files only. Use git for it.`,
  );
}
