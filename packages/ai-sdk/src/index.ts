export { createVaultTools, toolResultText } from './create-vault-tools.js';
export type { VaultToolResult, VaultToolSet, VaultToolsOptions } from './create-vault-tools.js';
