export { createVaultTools } from './create-vault-tools.js';
export type { VaultToolSet, VaultToolsOptions } from './create-vault-tools.js';
export { toolResultText } from './tool-result-text.js';
export type { VaultToolResult } from './tool-result-text.js';
