import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type PublishablePackage, packAndInstall } from './pack-and-install.js';

/** What the set-up hands to every test file (`inject('installed')`). */
export interface Installed {
  /** The temp folder that holds the tarballs, the project and whatever the tests add; removed at the end. */
  folder: string;
  /** The project the tarballs are installed in. */
  project: string;
  packages: PublishablePackage[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    installed: Installed;
  }
}

/**
 * Packs and installs once for all the test files (it takes a minute or more), in a temp folder outside
 * the workspace, so nothing resolves from its node_modules; removes the folder when they are done.
 */
export default async function globalSetup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'vault-install-'));
  const remove = () => rm(folder, { recursive: true, force: true });
  try {
    project.provide('installed', { folder, ...(await packAndInstall(folder)) });
  } catch (error) {
    await remove();
    throw error;
  }
  return remove;
}
