export { describeMoveKeepsLinks } from './describe-move-keeps-links.js';
export { describeVaultFsContract } from './describe-vault-fs-contract.js';
export type { ContractBackend } from './describe-vault-fs-contract.js';
export { createTempFolder, readFolder, seedFolder } from './temp-folder.js';
export type { TempFolder } from './temp-folder.js';
export { textOf } from './text-of.js';
export { createTempRepository, personEnv } from './temp-repository.js';
export type { TempRepository } from './temp-repository.js';
export { isRunning } from './is-running.js';
