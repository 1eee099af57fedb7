import { chmodSync, statSync } from 'node:fs';

/** The modes `core.sharedRepository` names (git's `PERM_GROUP` and `PERM_EVERYBODY`). */
const group = 0o660;
const everybody = 0o664;

/**
 * `core.sharedRepository` as git reads it (`git_config_perm`): 0 for the umask's modes, a mode whose
 * bits are added (group, everybody), or a mode to set, negative (`0640`).
 */
export function sharedPermissionOf(value: string | undefined): number {
  if (value === undefined || value === 'umask') return 0;
  if (value === '' || value === 'group') return group;
  if (value === 'all' || value === 'world' || value === 'everybody') return everybody;
  if (!/^[0-7]+$/.test(value)) return /^(true|yes|on)$/i.test(value) ? group : 0;
  const mode = Number.parseInt(value, 8);
  if (mode <= 2) return [0, group, everybody][mode]!;
  return -(mode & 0o666);
}

/**
 * Gives a file or folder the server made in the repository the modes git would (`adjust_shared_perm`):
 * with a shared repository, the group's (or everybody's) bits, and a folder's setgid, so that others
 * of the group can read and add objects. Nothing without one.
 */
export function adjustSharedPermission(file: string, shared: number): void {
  if (shared === 0) return;
  const old = statSync(file).mode;
  let tweak = Math.abs(shared);
  if (!(old & 0o200)) tweak &= ~0o222;
  if (old & 0o100) tweak |= (tweak & 0o444) >> 2;
  let mode = shared < 0 ? (old & ~0o777) | tweak : old | tweak;
  if ((old & 0o170000) === 0o040000) mode |= ((mode & 0o444) >> 2) | 0o2000;
  if ((old ^ mode) & 0o7777) chmodSync(file, mode & 0o7777);
}
