export { createNodeFs } from './create-node-fs.js';
export type { NodeFsOptions } from './create-node-fs.js';
