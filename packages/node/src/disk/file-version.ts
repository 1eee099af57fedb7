import type { BigIntStats } from 'node:fs';

/** A plain file's version as the backend gives it (`VaultFs.version`): any write, rename, replacement or link changes it. */
export function fileVersion(stat: BigIntStats): string {
  return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
}
