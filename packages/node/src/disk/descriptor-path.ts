import { existsSync, readlinkSync } from 'node:fs';

const descriptors = '/proc/self/fd';
const supported = existsSync(descriptors);

/**
 * Where an open file or folder really is, as the kernel knows it (Linux's `/proc/self/fd`), or
 * `undefined` on systems that cannot tell. Checked after opening, it cannot be fooled by a symlink
 * swapped in on the way between a check and the open.
 */
export function descriptorPath(descriptor: number): string | undefined {
  if (!supported) return undefined;
  try {
    // A file removed or replaced since it was opened is named with " (deleted)" after its last path.
    return readlinkSync(`${descriptors}/${descriptor}`).replace(/ \(deleted\)$/, '');
  } catch {
    return undefined;
  }
}

/**
 * A path that keeps naming the folder open at `descriptor` (Linux's `/proc/self/fd/N`), whatever is
 * renamed or swapped on the way to it, or `undefined` on systems without one.
 */
export function pinnedFolderPath(descriptor: number): string | undefined {
  return supported ? `${descriptors}/${descriptor}` : undefined;
}
