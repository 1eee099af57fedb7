export { createNodeFs } from './create-node-fs.js';
export type { NodeFsOptions, NodeVaultFs } from './create-node-fs.js';
export type { FileLockTiming } from './with-file-lock.js';
