import { statfsSync, statSync } from 'node:fs';

/**
 * File systems (Linux `statfs` magic numbers) whose changes a local watch may not see: those made on
 * another machine (network file systems) or by a user-space server (FUSE: sshfs, rclone, and others).
 */
const remoteFileSystems = new Map<number, string>([
  [0x6969, 'NFS'],
  [0x517b, 'SMB'],
  [0xff534d42, 'CIFS'],
  [0xfe534d42, 'SMB2'],
  [0x65735546, 'FUSE'],
  [0x01021997, '9P'],
  [0x00c36400, 'Ceph'],
  [0x5346414f, 'AFS'],
  [0x6b414653, 'kAFS'],
  [0x0bd00bd0, 'Lustre'],
  [0x564c, 'NCP'],
  [0x73757245, 'Coda'],
]);

/**
 * For the folders below `root`: the name of a file system mounted there whose changes a local watch
 * may not see (a folder on another device than the root, of a type of `remoteFileSystems`), or `undefined`.
 */
export function remoteMountsBelow(root: string): (folder: string) => string | undefined {
  const rootDevice = statSync(root).dev;
  return (folder) => (statSync(folder).dev === rootDevice ? undefined : remoteFileSystems.get(statfsSync(folder).type));
}

/** Why a watch of the folder `root` cannot be trusted, or `undefined` when it can: only Linux (inotify) on a local file system. */
export function unwatchableReason(root: string, platform = process.platform, fileSystemType = () => statfsSync(root).type): string | undefined {
  if (platform !== 'linux') return `a watch is trusted on Linux only (this is ${platform})`;
  const remote = remoteFileSystems.get(fileSystemType());
  return remote === undefined ? undefined : `the vault is on a ${remote} file system, whose changes made elsewhere send no events`;
}
