export { createVaultMcpServer } from './create-vault-mcp-server.js';
export type { VaultMcpServerOptions } from './create-vault-mcp-server.js';
export { toolErrorResult } from './tool-error-result.js';
