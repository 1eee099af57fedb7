export { createNodeFs } from './disk/create-node-fs.js';
export type { NodeFsOptions, NodeVaultFs } from './disk/create-node-fs.js';
export type { FileLockTiming } from './disk/with-file-lock.js';
