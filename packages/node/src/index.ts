import { createNodeFs as createTunableNodeFs, type NodeFsOptions, type NodeVaultFs } from './disk/create-node-fs.js';

export type { NodeFsOptions, NodeVaultFs } from './disk/create-node-fs.js';
/** The real-disk `VaultFs` for the folder `root`: the source's `createNodeFs`, typed without what only tests set. */
export const createNodeFs: (root: string, options?: NodeFsOptions) => Promise<NodeVaultFs> = createTunableNodeFs;
