export { createVaultMcpServer } from './create-vault-mcp-server.js';
export type { PendingVault, VaultMcpServerOptions } from './create-vault-mcp-server.js';
export { toolErrorResult } from './tool-error-result.js';
