export { createNodeFs } from './create-node-fs.js';
export type { NodeFsOptions } from './create-node-fs.js';
export type { FileLockTiming } from './with-file-lock.js';
