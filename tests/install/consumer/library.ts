// A user's ESM code, type-checked against the installed tarballs: strict, skipLibCheck false, lib
// ES2023 without DOM, @types/node; the MCP server typed with the user's own copy of the SDK.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createVaultTools, toolResultText } from '@vault/ai-sdk';
import { createMemoryFs, createVault, functionDefinitions, type ToolName } from '@vault/core';
import { createLineCap, type SearchedFile } from '@vault/core/search-backend';
import { type GitHistoryOptions, withGitHistory } from '@vault/git';
import { createVaultMcpServer } from '@vault/mcp';
import { createNodeFs } from '@vault/node';
import { createTempFolder } from '@vault/testing';

const folder = await createTempFolder({ 'todo.md': '- [ ] ship it\n' });
const vault = createVault(await createNodeFs(folder.path));
const server: McpServer = createVaultMcpServer(vault);
const tools = createVaultTools(createVault(createMemoryFs()));
const name: ToolName = 'TextRead';
const text: string = toolResultText(name, await vault.call(name, { filePath: 'todo.md' }));
// The backend kit, for a VaultFs.searchFiles of one's own.
const cap = createLineCap(1);
const found: SearchedFile = { path: 'todo.md', skipped: 'NOT_TEXT' };
cap.add(found);
// History on git, typed: a vault with history is made the same way (not run here: the folder is no repository).
const historyOptions: GitHistoryOptions = { author: 'Consumer <consumer@example.com>' };
console.log(typeof withGitHistory, historyOptions.author);
console.log(server.isConnected(), Object.keys(tools).length, functionDefinitions(vault.tools).length, text.split('\n')[0], cap.room);
await folder.remove();
