import { afterEach } from 'vitest';
import { createGitVault, type GitVault } from './git-vault.js';

/** `createGitVault` for a test file: each test's vault is removed after it. */
export function useGitVaults(): (...args: Parameters<typeof createGitVault>) => Promise<GitVault> {
  let opened: GitVault[] = [];
  afterEach(async () => {
    await Promise.all(opened.map((gitVault) => gitVault.remove()));
    opened = [];
  });
  return async (...args) => {
    const gitVault = await createGitVault(...args);
    opened.push(gitVault);
    return gitVault;
  };
}
