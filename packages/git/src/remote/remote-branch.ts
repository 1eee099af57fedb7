import type { Repository } from '../open-repository.js';
import { pushUnconfirmed, remoteRefused, remoteUnavailable } from './remote-errors.js';

/** A branch of a remote, as this clone sees it: the remote's name, the branch, and the ref that keeps the remote's tip here. */
export interface RemoteBranch {
  remote: string;
  /** `refs/heads/NAME`, the same on both sides. */
  ref: string;
  /** `refs/remotes/REMOTE/NAME`. */
  tracking: string;
  /** Milliseconds a fetch or a push may take before it is stopped and the remote counted unreachable. */
  timeout: number;
}

export function remoteBranchOf(remote: string, ref: string, timeout: number): RemoteBranch {
  return { remote, ref, tracking: `refs/remotes/${remote}/${ref.slice('refs/heads/'.length)}`, timeout };
}

/** The commit a ref points at, or `undefined` when there is none. */
export async function commitOf(repository: Repository, ref: string): Promise<string | undefined> {
  // Through the kept `cat-file --batch-check`: it reads the ref as it is now, each time, and starts no process.
  const found = await repository.kept.objectInfo(`${ref}^{commit}`);
  return typeof found === 'object' ? found.id : undefined;
}

/** Fetches the remote's branch into the tracking ref and gives its tip (`undefined`: the remote has no such branch yet). Unreachable or stalled past the time limit: `remoteUnavailable`. */
export async function fetchBranch(repository: Repository, branch: RemoteBranch): Promise<string | undefined> {
  const fetched = await repository.git(
    ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', '--recurse-submodules=no', branch.remote, `+${branch.ref}:${branch.tracking}`],
    {
      okCodes: [0, 1, 128],
      timeout: branch.timeout,
    },
  );
  if (fetched.code !== 0) {
    if (/couldn't find remote ref/i.test(fetched.stderr)) return undefined;
    throw remoteUnavailable(branch.remote, fetched.stderr);
  }
  return commitOf(repository, branch.tracking);
}

/** Whether the remote's branch holds `commit` now, by a fetch (`undefined`: the fetch failed, so nobody knows): a push whose answer was lost may have landed. */
export async function remoteHas(repository: Repository, branch: RemoteBranch, commit: string): Promise<boolean | undefined> {
  const fetched = await fetchBranch(repository, branch).then(
    (tip) => ({ tip }),
    () => undefined,
  );
  if (!fetched) return undefined;
  return fetched.tip !== undefined && (await repository.git(['merge-base', '--is-ancestor', commit, fetched.tip], { okCodes: [0, 1] })).code === 0;
}

/**
 * Pushes `commit` (carrying the commits of `carried` calls) to the remote's branch: the compare-and-swap, since the remote takes only a fast-forward.
 * `behind`: the remote moved (fetch and replay); a refusal for any other reason (a hook) is `remoteRefused`,
 * an unreachable remote `remoteUnavailable`, one that gives no answer within the time limit `pushUnconfirmed` (it may still take it).
 */
export async function pushBranch(repository: Repository, branch: RemoteBranch, commit: string, carried = 1): Promise<'pushed' | 'behind'> {
  const pushed = await repository.git(['push', '--porcelain', '--no-verify', '--recurse-submodules=no', branch.remote, `${commit}:${branch.ref}`], {
    okCodes: [0, 1, 128],
    timeout: branch.timeout,
  });
  const status = pushed.stdout
    .toString('utf8')
    .split('\n')
    .find((line) => line.includes(`:${branch.ref}\t`));
  if (pushed.code === 0 && status && !status.startsWith('!')) {
    // As git's own push moves it, through the kept update-ref; held by someone else's git: git's update-ref says why.
    if (!(await repository.kept.moveRef(branch.tracking, commit, undefined, 'update by push'))) await repository.git(['update-ref', branch.tracking, commit]);
    return 'pushed';
  }
  if (status?.startsWith('!')) {
    const summary = status.split('\t')[2] ?? '';
    // Moved by another push first: seen before the hooks (rejected), or after them, when the ref is updated (failed to update ref).
    if (/^\[rejected\]|failed to (update|lock) ref|cannot lock ref/.test(summary)) return 'behind';
    throw remoteRefused(branch.remote, `${summary} ${remoteMessage(pushed.stderr)}`, carried);
  }
  throw pushed.timedOut ? pushUnconfirmed(branch.remote, pushed.stderr) : remoteUnavailable(branch.remote, pushed.stderr);
}

/** What the remote's hook said (`remote: ...` lines), for the refusal's reason. */
function remoteMessage(stderr: string): string {
  return stderr
    .split('\n')
    .filter((line) => line.startsWith('remote: '))
    .map((line) => line.slice('remote: '.length).trim())
    .join(' ');
}
