import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createVault, type Vault, type VaultFs, type VaultOptions } from '@vault/core';
import { createVaultMcpServer, type PendingVault, type VaultMcpServerOptions } from '../create-vault-mcp-server.js';

/** For tests: the SDK's real Client connected in process to a server on a vault over `fs`. */
export async function connectTestClient<Fs extends VaultFs>(fs: Fs, options: VaultOptions = {}) {
  return { ...(await connectToServer(createVault(fs, options))), fs };
}

/** For tests: the SDK's real Client connected in process to a server on `vault` (a vault, or one to come). */
export async function connectToServer(vault: Vault | PendingVault, options: VaultMcpServerOptions = {}) {
  const server = createVaultMcpServer(vault, options);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(clientTransport);
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { client, call };
}
